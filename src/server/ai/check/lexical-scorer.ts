import type { Work } from '../../../shared/citations/work';
import { keyTerms } from '../text/key-terms';
import { plainAbstract } from '../text/plain-abstract';
import type { CitationCheck } from './citation-check';
import { claimFeatures, prepareWork, type ClaimFeatures } from './claim-features';
import { supportProbability, type SupportModel } from './support-model';
import weights from './support-weights.json' with { type: 'json' };

/**
 * The offline citation check: two logistic regressions (support-model.ts, weights in
 * support-weights.json, fitted on SciFact training claims by bench/ai/train-citation-check.ts)
 * over what claim and abstract share
 * (weighted term coverage by the best sentence and the whole abstract, adjacent term pairs, the
 * title) and where they part: negation, a reported absence of effect, opposite directions,
 * missing key terms and figures, no shared concept. It still reads words, not meaning
 * (docs/ai-engine.md gives its measured limits).
 */
const model: SupportModel = weights;

export interface LexicalScore {
  /** Plain word overlap, 0..1: how much of the claim the text repeats. */
  overlap: number;
  /** The model's probability that the text supports the claim. */
  certainty: number;
  evidence: string | null;
  shared: string[];
  claimTerms: number;
  features: ClaimFeatures;
}

export function lexicalScore(claim: string, title: string, abstract: string): LexicalScore {
  const scored = claimFeatures(claim, prepareWork(title, abstract));
  const { features } = scored;
  return {
    overlap:
      0.45 * features.bestCoverage + 0.35 * features.wholeCoverage + 0.2 * features.pairShare,
    certainty:
      scored.claimTerms === 0 ? 0 : Math.round(supportProbability(model, features) * 1000) / 1000,
    evidence: scored.evidence,
    shared: scored.shared,
    claimTerms: scored.claimTerms,
    features,
  };
}

/** The claim's own words for stemmed terms, so the reasoning reads naturally. */
function wordsFor(terms: readonly string[], claim: string): string[] {
  const words = new Map<string, string>();
  for (const word of claim.split(/[^\p{L}\p{N}-]+/u)) {
    const term = keyTerms(word)[0];
    if (term && !words.has(term)) words.set(term, word.toLowerCase());
  }
  return terms.map((term) => words.get(term) ?? term);
}

/** What most likely keeps the abstract from supporting the claim, as the end of a sentence. */
function caution(features: ClaimFeatures): string {
  if (features.noSharedConcept) return ', only generic words, so it is about another topic';
  if (features.termDirectionDisagrees > 0 || features.directionDisagrees) {
    return ', but its closest sentences describe the opposite direction (more against less)';
  }
  if (features.nullFindingMismatch) {
    return ', but it reports no significant effect or association where the claim states one';
  }
  if (features.negationMismatch) {
    return ', but one of claim and abstract is negated and the other is not';
  }
  if (features.missingNumbers > 0) return ', but not the figures the claim gives';
  if (features.missingKeyTerms >= 2 / 3) return ', but not most of its key terms';
  return '';
}

function reasoningOf(result: LexicalScore, claim: string): string {
  if (result.shared.length === 0) {
    return 'None of the key terms of the claim occur in the abstract, so it gives no visible support.';
  }
  const examples = wordsFor(result.shared.slice(0, 4), claim)
    .map((term) => `"${term}"`)
    .join(', ');
  return `Offline check (no AI model): ${result.shared.length} of ${result.claimTerms} key terms of the claim occur in the abstract (${examples})${caution(result.features)}.`;
}

export function lexicalCheck(claim: string, work: Work): CitationCheck {
  const abstract = plainAbstract(work.abstract);
  if (!abstract) {
    return {
      refId: work.refId,
      claim,
      certainty: 0,
      reasoning: 'The work has no abstract, so the claim could not be checked against it.',
      evidence: null,
      method: 'lexical',
    };
  }
  const result = lexicalScore(claim, work.title, abstract);
  return {
    refId: work.refId,
    claim,
    certainty: result.certainty,
    reasoning: reasoningOf(result, claim),
    evidence: result.evidence,
    method: 'lexical',
  };
}
