import type { Work } from '../../../shared/citations/work';
import { keyTerms } from '../text/key-terms';
import { plainAbstract } from '../text/plain-abstract';
import { splitSentences } from '../text/sentences';
import type { CitationCheck } from './citation-check';

/**
 * The offline citation check: how much of the claim's vocabulary the abstract shares. It sees
 * topical support only: it cannot tell a finding from its negation, so a contradicting abstract
 * on the same topic scores high (docs/ai-engine.md; bench/ai/citation-check.ts measures it).
 *
 * score = 0.45 · coverage of the claim's terms by the best abstract sentence
 *       + 0.35 · coverage by the whole abstract
 *       + 0.20 · share of the claim's adjacent term pairs found adjacent in the abstract
 * Terms are weighted by length (a rough stand-in for rarity), and the certainty is the score
 * through a logistic centred at MIDPOINT, chosen on SciFact training claims where supported
 * and unsupported pairs are best told apart (bench/ai/citation-check.ts).
 */
const MIDPOINT = 0.34;
const STEEPNESS = 9;

const weight = (term: string) => Math.min(1.5, 0.5 + term.length / 8);

function coverage(claim: readonly string[], present: ReadonlySet<string>): number {
  let total = 0;
  let found = 0;
  for (const term of claim) {
    total += weight(term);
    if (present.has(term)) found += weight(term);
  }
  return total === 0 ? 0 : found / total;
}

function pairs(terms: readonly string[]): Set<string> {
  const result = new Set<string>();
  for (let i = 1; i < terms.length; i++) result.add(`${terms[i - 1]} ${terms[i]}`);
  return result;
}

export interface LexicalScore {
  score: number;
  certainty: number;
  evidence: string | null;
  shared: string[];
  claimTerms: number;
}

export function lexicalScore(claim: string, abstract: string): LexicalScore {
  const claimTerms = [...new Set(keyTerms(claim))];
  const sentences = splitSentences(abstract);
  if (claimTerms.length === 0 || sentences.length === 0) {
    return { score: 0, certainty: 0, evidence: sentences[0] ?? null, shared: [], claimTerms: 0 };
  }
  const abstractTerms = keyTerms(abstract);
  const whole = coverage(claimTerms, new Set(abstractTerms));
  let best = { coverage: -1, sentence: sentences[0] as string, terms: new Set<string>() };
  for (const sentence of sentences) {
    const terms = new Set(keyTerms(sentence));
    const covered = coverage(claimTerms, terms);
    if (covered > best.coverage) best = { coverage: covered, sentence, terms };
  }
  const claimPairs = pairs(keyTerms(claim));
  const abstractPairs = pairs(abstractTerms);
  const pairShare =
    claimPairs.size === 0
      ? whole
      : [...claimPairs].filter((pair) => abstractPairs.has(pair)).length / claimPairs.size;
  const score = 0.45 * best.coverage + 0.35 * whole + 0.2 * pairShare;
  const certainty = 1 / (1 + Math.exp(-STEEPNESS * (score - MIDPOINT)));
  const inAbstract = new Set(abstractTerms);
  return {
    score,
    certainty: Math.round(certainty * 1000) / 1000,
    evidence: best.sentence,
    shared: claimTerms.filter((term) => inAbstract.has(term)),
    claimTerms: claimTerms.length,
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

function reasoningOf(result: LexicalScore, claim: string, hasAbstract: boolean): string {
  if (!hasAbstract)
    return 'The work has no abstract, so the claim could not be checked against it.';
  if (result.shared.length === 0) {
    return 'None of the key terms of the claim occur in the abstract, so it gives no visible support.';
  }
  const examples = wordsFor(result.shared.slice(0, 4), claim)
    .map((term) => `"${term}"`)
    .join(', ');
  return `Word-overlap check (no AI model): ${result.shared.length} of ${result.claimTerms} key terms of the claim occur in the abstract (${examples}), which shows shared topic but not agreement.`;
}

export function lexicalCheck(claim: string, work: Work): CitationCheck {
  const abstract = plainAbstract(work.abstract);
  const result = lexicalScore(claim, abstract);
  return {
    refId: work.refId,
    claim,
    certainty: abstract ? result.certainty : 0,
    reasoning: reasoningOf(result, claim, abstract !== ''),
    evidence: abstract ? result.evidence : null,
    method: 'lexical',
  };
}
