/**
 * Words that say how a sentence relates to a finding, matched on the raw lower-cased text: the
 * search analyzer drops 'not' and 'no' as stop words and stems 'increase' and 'increases'
 * together, which is right for retrieval and wrong for telling a finding from its opposite.
 */
const NEGATION =
  /\b(?:not|no|never|neither|nor|none|cannot|can't|won't|don't|doesn't|didn't|isn't|aren't|wasn't|weren't|without|lack|lacks|lacked|lacking|absence|absent|fails?|failed|unable|unrelated|independent of)\b/;

const NULL_FINDING =
  /\b(?:no (?:significant|statistically|association|correlation|relationship|difference|differences|effect|effects|change|evidence|benefit|increase|decrease|impact|link)|not (?:significantly|associated|correlated|related|linked|different|affect|alter|change|improve|reduce|increase)|did not|does not|do not|were not|was not|failed to|similar between|comparable (?:between|to|in))\b/;

const UP_WORDS =
  'increas\\w*|rais\\w*|rise|rises|rising|rose|higher|more|greater|elevat\\w*|enhanc\\w*|promot\\w*|improv\\w*|induc\\w*|activat\\w*|stimulat\\w*|upregulat\\w*|up-regulat\\w*|accelerat\\w*|augment\\w*|boost\\w*|gain\\w*|exacerbat\\w*|worsen\\w*|positive(?:ly)?|excess\\w*|larger|longer|faster|amplif\\w*|strengthen\\w*';
const DOWN_WORDS =
  'decreas\\w*|reduc\\w*|lower\\w*|less|fewer|declin\\w*|inhibit\\w*|suppress\\w*|impair\\w*|attenuat\\w*|diminish\\w*|downregulat\\w*|down-regulat\\w*|block\\w*|prevent\\w*|protect\\w*|negative(?:ly)?|smaller|shorter|slower|loss|lost|deplet\\w*|abolish\\w*|weaken\\w*|limit\\w*|delay\\w*|alleviat\\w*|ameliorat\\w*';
const UP = new RegExp(`\\b(?:${UP_WORDS})\\b`, 'g');
const DOWN = new RegExp(`\\b(?:${DOWN_WORDS})\\b`, 'g');
/** Before the words they qualify, a few more words give a direction ('tumour suppressor'). */
const UP_WORD = new RegExp(
  `^(?:${UP_WORDS}|encourag\\w*|favou?r\\w*|facilitat\\w*|overestimat\\w*|enhancer|agonist\\w*)$`,
);
const DOWN_WORD = new RegExp(
  `^(?:${DOWN_WORDS}|discourag\\w*|underestimat\\w*|suppressor|antagonist\\w*|disrupt\\w*|damag\\w*)$`,
);

const NUMBER = /\d+(?:[.,]\d+)?/g;

/** Claims that overstate ('exclusively', 'trivial', 'no known') are the ones abstracts refute. */
const ABSOLUTE =
  /\b(?:exclusively|solely|only|always|never|all|every|completely|entirely|consistently|trivial|unrelated|no known|irrelevant|universally|invariably|cannot)\b/;

export function hasAbsolute(text: string): boolean {
  return ABSOLUTE.test(text.toLowerCase());
}

const NEGATOR = /^(?:not|no|never|without|neither|nor|cannot|didn't|doesn't|don't)$/;

/**
 * The direction each word is said to move in: the content words right after 'increased', 'reduces',
 * 'suppressor of'… get +1 or −1 (flipped after 'not'), keyed by the caller's term function,
 * so 'decreasing cell death' and 'increased cell death' disagree on 'cell death'.
 */
export function localDirections(text: string, termOf: (word: string) => string | undefined) {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]+/u)
    .filter(Boolean);
  const directions = new Map<string, number>();
  words.forEach((word, index) => {
    const polarity = UP_WORD.test(word) ? 1 : DOWN_WORD.test(word) ? -1 : 0;
    if (polarity === 0) return;
    const negated = words.slice(Math.max(0, index - 3), index).some((w) => NEGATOR.test(w));
    // The next three content words ('reduced the incidence of acute respiratory infections').
    let found = 0;
    for (const next of words.slice(index + 1, index + 7)) {
      const term = termOf(next);
      if (!term) continue;
      if (!directions.has(term)) directions.set(term, negated ? -polarity : polarity);
      if (++found === 3) break;
    }
  });
  return directions;
}

export function hasNegation(text: string): boolean {
  return NEGATION.test(text.toLowerCase());
}

/** 'no significant difference', 'was not associated', 'did not': a reported absence of effect. */
export function hasNullFinding(text: string): boolean {
  return NULL_FINDING.test(text.toLowerCase());
}

/** +1 when the sentence speaks of more, −1 of less, 0 when it does neither or both. */
export function direction(text: string): number {
  const lower = text.toLowerCase();
  const up = lower.match(UP)?.length ?? 0;
  const down = lower.match(DOWN)?.length ?? 0;
  return Math.sign(up - down);
}

/** The numbers written in a text ('1.5', '32', '5,000' as '5000'). */
export function numbersIn(text: string): string[] {
  return (text.match(NUMBER) ?? []).map((number) => number.replace(/,(?=\d{3}\b)/g, ''));
}

/**
 * Pairs of words of opposite meaning, each side as word stems (a word matches a stem it starts
 * with): a claim that says 'impedes' where the abstract says 'promotes', or 'negatively' where
 * it says 'positively', is the usual shape of a contradicted citation.
 */
const OPPOSITES: [string[], string[]][] = [
  [
    ['increas', 'rais', 'rise', 'rose', 'higher', 'elevat', 'upregulat', 'gain', 'more', 'greater'],
    [
      'decreas',
      'reduc',
      'lower',
      'declin',
      'downregulat',
      'loss',
      'less',
      'fewer',
      'smaller',
      'fall',
    ],
  ],
  [
    ['promot', 'enhanc', 'activat', 'induc', 'stimulat', 'facilitat', 'accelerat', 'augment'],
    ['inhibit', 'suppress', 'imped', 'impair', 'attenuat', 'block', 'prevent', 'hinder', 'delay'],
  ],
  [
    ['improv', 'benefi', 'protect', 'favou', 'favor', 'safe'],
    ['worsen', 'harm', 'detriment', 'exacerbat', 'damag', 'advers', 'toxic'],
  ],
  [['positiv'], ['negativ']],
  [
    ['strong', 'major', 'larg', 'high', 'long'],
    ['weak', 'minor', 'small', 'low', 'short'],
  ],
  [
    ['common', 'frequent', 'often'],
    ['rare', 'infrequent', 'seldom'],
  ],
  [
    ['early', 'earlier', 'before'],
    ['late', 'later', 'after'],
  ],
  [
    ['necessar', 'requir', 'essential', 'critical', 'crucial'],
    ['dispensabl', 'unnecessar'],
  ],
  [
    ['same', 'similar', 'comparabl'],
    ['differ', 'distinct'],
  ],
];

const PREFIXED = /^(?:in|un|im|non|dis|ir|il)(?=\w{4})/;

/** A word's first letters (four to six), to match 'reduces' with 'reduced'. */
export const stemOf = (word: string) => word.slice(0, Math.max(4, Math.min(word.length, 6)));

function oppositeClass(word: string): { side: number; pair: number } | null {
  for (let pair = 0; pair < OPPOSITES.length; pair++) {
    const [up, down] = OPPOSITES[pair]!;
    if (up.some((stem) => word.startsWith(stem))) return { side: 0, pair };
    if (down.some((stem) => word.startsWith(stem))) return { side: 1, pair };
  }
  return null;
}

export const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

const CUE = new RegExp(`^(?:${UP_WORDS}|${DOWN_WORDS})$`);
const NEGATION_WORD =
  /^(?:not|no|never|neither|nor|none|cannot|without|lack|lacks|lacking|absence|absent|fail|fails|failed|unable|unrelated|independent)$/;

/**
 * The words a claim uses to state its finding (directions, negations, overstatements, opposites)
 * that the abstract never writes: an author who negates or reverses a finding puts in words the
 * source lacks. Returns the share absent (0 without such words) and how many the claim has.
 */
export function absentCues(claim: string, workWords: ReadonlySet<string>) {
  const stems = new Set([...workWords].map(stemOf));
  const cues = wordsOf(claim).filter(
    (word) =>
      CUE.test(word) || NEGATION_WORD.test(word) || ABSOLUTE.test(word) || oppositeClass(word),
  );
  if (cues.length === 0) return { share: 0, count: 0 };
  const absent = cues.filter((word) => !workWords.has(word) && !stems.has(stemOf(word)));
  return { share: absent.length / cues.length, count: cues.length };
}

/**
 * 1 when the claim has a word the evidence lacks while the evidence has its opposite ('impedes'
 * against 'promoting', 'inaccurate' against 'accurate', 'negatively' against 'positively').
 */
export function saysOpposite(claim: string, evidence: string): number {
  const evidenceWords = new Set(wordsOf(evidence));
  const evidenceStems = new Set([...evidenceWords].map(stemOf));
  const has = (word: string) => evidenceWords.has(word) || evidenceStems.has(stemOf(word));
  for (const word of wordsOf(claim)) {
    if (has(word)) continue;
    const bare = word.replace(PREFIXED, '');
    if (bare !== word && has(bare)) return 1;
    const cls = oppositeClass(word);
    if (!cls) continue;
    const [up, down] = OPPOSITES[cls.pair]!;
    const own = cls.side === 0 ? up : down;
    const other = cls.side === 0 ? down : up;
    const words = [...evidenceWords];
    if (
      words.some((w) => other.some((stem) => w.startsWith(stem))) &&
      !words.some((w) => own.some((stem) => w.startsWith(stem)))
    ) {
      return 1;
    }
  }
  return 0;
}

const HEDGE =
  /\b(?:may|might|could|suggest\w*|possibl\w*|potential\w*|perhaps|likely|appear\w*|hypothes\w*)\b/;

/** 'may', 'suggests', 'possibly': a finding stated with reserve. */
export function hasHedge(text: string): boolean {
  return HEDGE.test(text.toLowerCase());
}
