import { isGenericTerm } from '../text/generic-terms';
import { keyTerms } from '../text/key-terms';
import { splitSentences } from '../text/sentences';
import {
  absentCues,
  direction,
  hasAbsolute,
  hasHedge,
  hasNegation,
  hasNullFinding,
  localDirections,
  numbersIn,
  saysOpposite,
  stemOf,
  wordsOf,
} from './cue-words';

/**
 * What a claim and a work's title and abstract share and where they disagree, as numbers for
 * the citation check (support-model.ts) and the evidence floor (retrieval/relevance.ts). Each
 * model names the features it uses in its weights file; both were fitted on SciFact training
 * claims (bench/ai/train-citation-check.ts, bench/ai/train-grounding-models.ts).
 */
export interface ClaimFeatures {
  /** Weighted share of the claim's terms in the best-matching abstract sentence. */
  bestCoverage: number;
  /** … in the whole abstract and title. */
  wholeCoverage: number;
  /** … in the title alone. */
  titleCoverage: number;
  /** Share of the claim's adjacent term pairs found adjacent in the abstract. */
  pairShare: number;
  /** Share of the claim's three heaviest terms (its likely key concepts) the work lacks. */
  missingKeyTerms: number;
  /** 1 when the work shares no key concept with the claim (generic words do not count). */
  noSharedConcept: number;
  /** 1 when exactly one of claim and evidence sentences is negated. */
  negationMismatch: number;
  /** 1 when the claim is not negated and the evidence sentences report no effect. */
  nullFindingMismatch: number;
  /** 1 when the claim speaks of more and the evidence of less, or the reverse. */
  directionDisagrees: number;
  /** 1 when both speak of the same direction. */
  directionAgrees: number;
  /** Share of the shared terms said to move one way in the claim and the other in the work. */
  termDirectionDisagrees: number;
  /** Share of the shared terms said to move the same way in both. */
  termDirectionAgrees: number;
  /** bestCoverage when the evidence moves the other way: a disagreement about the claim's own finding. */
  opposedFinding: number;
  /** bestCoverage when exactly one of claim and evidence is negated or reports no effect. */
  negatedFinding: number;
  /** 1 when the claim itself is negated ('does not', 'no', 'unrelated'). */
  claimNegated: number;
  /** 1 when the claim overstates ('exclusively', 'always', 'trivial'). */
  claimAbsolute: number;
  /** Share of the claim's numbers the abstract does not contain. */
  missingNumbers: number;
  /** ln(1 + number of distinct claim terms): short claims match by chance more easily. */
  claimLength: number;
  /** Share of the claim's finding words (directions, negations, opposites) the abstract never writes. */
  cueAbsent: number;
  /** ln(1 + number of such finding words in the claim). */
  cueCount: number;
  /** 1 when the claim has a word the evidence sentences lack and they have its opposite. */
  oppositeWord: number;
  /** bestCoverage when oppositeWord: the opposite said about the claim's own subject. */
  opposedWording: number;
  /** 1 when the evidence sentences hedge ('may', 'suggests'). */
  evidenceHedged: number;
  /** 1 when the claim states an absence of effect ('no association', 'does not affect'). */
  claimNullFinding: number;
  /** 1 when the evidence sentences are negated. */
  evidenceNegated: number;
  /** The claim's numbers the abstract lacks, when the evidence sentences do give figures. */
  numbersDisagree: number;
  /** Share of the claim's adjacent term pairs found adjacent in the best sentence. */
  bestPairShare: number;
  /** Weighted share of the claim's terms in the second-best sentence. */
  secondCoverage: number;
  /** Share of the claim's three heaviest terms the best sentence holds. */
  bestKeyCoverage: number;
  /** Where the best sentence stands in the abstract, 0 (first) to 1 (last: results, conclusions). */
  bestPosition: number;
  /** Share of the claim's terms that follow a negation in one of claim and evidence but not the other. */
  negatedTermMismatch: number;
  /** +1 when the claim speaks of more, −1 of less, 0 otherwise. */
  claimDirection: number;
  /** The same for the evidence sentences. */
  evidenceDirection: number;
  /** 1 when the evidence sentences report an absence of effect. */
  evidenceNullFinding: number;
  /** 1 when the claim hedges. */
  claimHedged: number;
  /** Share of the claim's terms that are generic (any abstract may share them). */
  genericShare: number;
  /** Number of abstract sentences that hold at least half of the claim's weighted terms, ln(1 + n). */
  coveringSentences: number;
}

export type FeatureName = keyof ClaimFeatures;

export interface ScoredClaim {
  features: ClaimFeatures;
  /** The abstract sentence that covers the claim best, verbatim (null without sentences). */
  evidence: string | null;
  /** The claim's terms the work contains. */
  shared: string[];
  /** The claim's words, stop words included, that the work never writes (by word or stem). */
  absentWords: string[];
  claimTerms: number;
}

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

const EMPTY: ClaimFeatures = {
  bestCoverage: 0,
  wholeCoverage: 0,
  titleCoverage: 0,
  pairShare: 0,
  missingKeyTerms: 1,
  noSharedConcept: 1,
  negationMismatch: 0,
  nullFindingMismatch: 0,
  directionDisagrees: 0,
  directionAgrees: 0,
  termDirectionDisagrees: 0,
  termDirectionAgrees: 0,
  opposedFinding: 0,
  negatedFinding: 0,
  claimNegated: 0,
  claimAbsolute: 0,
  missingNumbers: 0,
  claimLength: 0,
  cueAbsent: 0,
  cueCount: 0,
  oppositeWord: 0,
  opposedWording: 0,
  evidenceHedged: 0,
  claimNullFinding: 0,
  evidenceNegated: 0,
  numbersDisagree: 0,
  bestPairShare: 0,
  secondCoverage: 0,
  bestKeyCoverage: 0,
  bestPosition: 0,
  negatedTermMismatch: 0,
  claimDirection: 0,
  evidenceDirection: 0,
  evidenceNullFinding: 0,
  claimHedged: 0,
  genericShare: 0,
  coveringSentences: 0,
};

/** A work's text analysed once, to be compared with many claims. */
export interface PreparedWork {
  sentences: { sentence: string; terms: Set<string>; pairs: Set<string> }[];
  abstractTerms: string[];
  titleTerms: Set<string>;
  workTerms: Set<string>;
  abstractPairs: Set<string>;
  numbers: Set<string>;
  /** The raw lower-cased words, stop words included ('not', 'more'). */
  words: Set<string>;
  /** Their stems (cue-words.ts stemOf). */
  stems: Set<string>;
}

export function prepareWork(title: string, abstract: string): PreparedWork {
  const abstractTerms = keyTerms(abstract);
  const titleTerms = new Set(keyTerms(title));
  const words = new Set(wordsOf(`${title} ${abstract}`));
  return {
    sentences: splitSentences(abstract).map((sentence) => {
      const terms = keyTerms(sentence);
      return { sentence, terms: new Set(terms), pairs: pairs(terms) };
    }),
    abstractTerms,
    titleTerms,
    workTerms: new Set([...abstractTerms, ...titleTerms]),
    abstractPairs: pairs(abstractTerms),
    numbers: new Set(numbersIn(`${title} ${abstract}`)),
    words,
    stems: new Set([...words].map(stemOf)),
  };
}

const termOf = (word: string) => keyTerms(word)[0];

const NEGATOR =
  /^(?:not|no|never|neither|nor|without|cannot|lack|lacks|lacking|absence|fails?|failed|unable)$/;
/** How many words after a negator it still qualifies ('did not significantly reduce mortality'). */
const NEGATION_SCOPE = 5;

/** The terms written within a negation's scope ('no' … 'mortality' in 'no effect on mortality'). */
function negatedTerms(text: string): Set<string> {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  const bare = (word: string) => word.replace(/[^\p{L}\p{N}'-]/gu, '');
  const result = new Set<string>();
  words.forEach((word, index) => {
    const negator = bare(word);
    if (!NEGATOR.test(negator) && !negator.endsWith("n't")) return;
    if (/[.;:,]$/.test(word)) return;
    for (const next of words.slice(index + 1, index + 1 + NEGATION_SCOPE)) {
      const term = termOf(bare(next));
      if (term) result.add(term);
      // The scope ends with the clause.
      if (/[.;:,]$/.test(next)) break;
    }
  });
  return result;
}

export function claimFeatures(claim: string, work: PreparedWork): ScoredClaim {
  const claimTermList = keyTerms(claim);
  const claimTerms = [...new Set(claimTermList)];
  const { sentences, workTerms } = work;
  if (claimTerms.length === 0 || workTerms.size === 0) {
    return {
      features: EMPTY,
      evidence: sentences[0]?.sentence ?? null,
      shared: [],
      absentWords: [],
      claimTerms: 0,
    };
  }
  const ranked = sentences
    .map(({ sentence, terms, pairs }, position) => ({
      sentence,
      terms,
      pairs,
      position,
      coverage: coverage(claimTerms, terms),
    }))
    .sort((a, b) => b.coverage - a.coverage);
  const best = ranked[0];
  // The finding is often stated over two sentences (result, then its size or significance).
  const evidenceText = ranked
    .slice(0, 2)
    .filter((entry) => entry.coverage > 0)
    .map((entry) => entry.sentence)
    .join(' ');
  const claimPairs = pairs(claimTermList);
  const wholeCoverage = coverage(claimTerms, workTerms);
  const shared = claimTerms.filter((term) => workTerms.has(term));
  const heaviest = [...claimTerms].sort((a, b) => weight(b) - weight(a)).slice(0, 3);
  const claimNegated = hasNegation(claim);
  const evidenceNegated = hasNegation(evidenceText);
  const claimDirection = direction(claim);
  const evidenceDirection = direction(evidenceText);
  const claimMoves = localDirections(claim, termOf);
  const workMoves = localDirections(
    ranked
      .slice(0, 3)
      .map((entry) => entry.sentence)
      .join(' '),
    termOf,
  );
  const moved = [...claimMoves].filter(([term]) => workMoves.has(term));
  const movedShare = (same: boolean) =>
    moved.length === 0
      ? 0
      : moved.filter(([term, sign]) => (workMoves.get(term) === sign) === same).length /
        moved.length;
  const claimNumbers = numbersIn(claim);
  const bestCoverage = best?.coverage ?? 0;
  const directionDisagrees = claimDirection * evidenceDirection < 0 ? 1 : 0;
  const nullFindingMismatch = !claimNegated && hasNullFinding(evidenceText) ? 1 : 0;
  const cues = absentCues(claim, work.words);
  const oppositeWord = saysOpposite(claim, evidenceText);
  const claimNegatedTerms = negatedTerms(claim);
  const evidenceNegatedTerms = negatedTerms(evidenceText);
  const sharedWithEvidence = claimTerms.filter((term) =>
    ranked.slice(0, 2).some((entry) => entry.terms.has(term)),
  );
  const missingNumbers =
    claimNumbers.length === 0
      ? 0
      : claimNumbers.filter((number) => !work.numbers.has(number)).length / claimNumbers.length;
  return {
    features: {
      bestCoverage,
      wholeCoverage,
      titleCoverage: coverage(claimTerms, work.titleTerms),
      pairShare:
        claimPairs.size === 0
          ? wholeCoverage
          : [...claimPairs].filter((pair) => work.abstractPairs.has(pair)).length / claimPairs.size,
      missingKeyTerms: heaviest.filter((term) => !workTerms.has(term)).length / heaviest.length,
      noSharedConcept: shared.some((term) => !isGenericTerm(term)) ? 0 : 1,
      negationMismatch: claimNegated !== evidenceNegated ? 1 : 0,
      nullFindingMismatch,
      directionDisagrees,
      directionAgrees: claimDirection * evidenceDirection > 0 ? 1 : 0,
      termDirectionDisagrees: movedShare(false),
      termDirectionAgrees: movedShare(true),
      opposedFinding: bestCoverage * Math.max(directionDisagrees, movedShare(false)),
      negatedFinding:
        bestCoverage * Math.max(claimNegated !== evidenceNegated ? 1 : 0, nullFindingMismatch),
      claimNegated: claimNegated ? 1 : 0,
      claimAbsolute: hasAbsolute(claim) ? 1 : 0,
      missingNumbers,
      claimLength: Math.log1p(claimTerms.length),
      cueAbsent: cues.share,
      cueCount: Math.log1p(cues.count),
      oppositeWord,
      opposedWording: bestCoverage * oppositeWord,
      evidenceHedged: hasHedge(evidenceText) ? 1 : 0,
      claimNullFinding: hasNullFinding(claim) ? 1 : 0,
      evidenceNegated: evidenceNegated ? 1 : 0,
      numbersDisagree: numbersIn(evidenceText).length > 0 ? missingNumbers : 0,
      bestPairShare:
        claimPairs.size === 0 || !best
          ? 0
          : [...claimPairs].filter((pair) => best.pairs.has(pair)).length / claimPairs.size,
      secondCoverage: ranked[1]?.coverage ?? 0,
      bestKeyCoverage: best
        ? heaviest.filter((term) => best.terms.has(term)).length / heaviest.length
        : 0,
      bestPosition: best && sentences.length > 1 ? best.position / (sentences.length - 1) : 0,
      negatedTermMismatch:
        sharedWithEvidence.length === 0
          ? 0
          : sharedWithEvidence.filter(
              (term) => claimNegatedTerms.has(term) !== evidenceNegatedTerms.has(term),
            ).length / sharedWithEvidence.length,
      claimDirection,
      evidenceDirection,
      evidenceNullFinding: hasNullFinding(evidenceText) ? 1 : 0,
      claimHedged: hasHedge(claim) ? 1 : 0,
      genericShare: claimTerms.filter(isGenericTerm).length / claimTerms.length,
      coveringSentences: Math.log1p(ranked.filter((entry) => entry.coverage >= 0.5).length),
    },
    evidence: best?.sentence ?? null,
    shared,
    absentWords: [
      ...new Set(
        wordsOf(claim).filter((word) => !work.words.has(word) && !work.stems.has(stemOf(word))),
      ),
    ],
    claimTerms: claimTerms.length,
  };
}
