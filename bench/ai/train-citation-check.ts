/**
 * Fits the offline citation check (src/server/ai/check/support-weights.json) on SciFact
 * *training* claims only (the app never reads the data set): does the cited abstract support
 * the claim? Positives are SUPPORT pairs; negatives the cited abstracts without evidence (NEI)
 * or contradicting the claim (CONTRADICT, spelt REFUTE in some copies), one random abstract per
 * claim and the two best-ranked BM25 results that are not cited for it (same topic, other
 * finding).
 *
 * Prints 5-fold cross-validated figures by claim (each claim's pairs in one fold, everything
 * refitted on the other four) for three models side by side: the shipped check (two logistic
 * regressions, topic and agreement, support-model.ts), the same given the sentence-level
 * features, and boosted topic trees (gradient-boosting.ts) over all features plus a learnt
 * absent-word table, cross-fitted, with the shipped agreement regression. The trees were not
 * better enough to ship (docs/ai-engine.md); the shipped model is then fitted on all claims and
 * written.
 *
 *   npx tsx bench/ai/train-citation-check.ts [--write 0] [--trees 150] [--depth 3]
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { fitBoostedTrees, DEFAULT_BOOSTING } from './gradient-boosting';
import { fitLogistic, round } from './logistic-fit';
import {
  claimFeatures,
  prepareWork,
  type FeatureName,
  type ScoredClaim,
} from '../../src/server/ai/check/claim-features';
import { logistic, logit, type LogisticModel } from '../../src/server/ai/check/logistic-model';
import { supportProbability, type SupportModel } from '../../src/server/ai/check/support-model';
import { treesLogit, type BoostedTrees } from './boosted-trees';
import { Bm25Index } from '../../src/server/literature/search/bm25-index';
import type { Work } from '../../src/shared/citations/work';
import { numberFlag } from '../search/bench-args';
import { seededRandom, shuffle } from '../search/seeded-random';
import { rocAuc } from './roc-auc';
import { readClaims, readCorpus, type Claim, type Label } from './scifact-data';

const FOLDS = 5;
/** The share of supported citations the check keeps above 0.5 on the claims it is fitted on. */
const SUPPORTED_KEPT = numberFlag('kept', 0.85);
/** How much each kind of negative weighs, relative to the others of its class. */
const EMPHASIS: Partial<Record<Example['label'], number>> = { NEI: 2, CONTRADICT: 2, RANDOM: 0.5 };
/** A word enters the table when the training pairs hold it this often. */
const MIN_WORD_COUNT = 3;
const SOURCE =
  'Fitted by bench/ai/train-citation-check.ts on the SciFact training claims (Wadden et al. 2020, "Fact or Fiction: Verifying Scientific Claims"; claims and labels CC BY 4.0, abstracts from S2ORC, ODC-By 1.0).';

const ABSENT_WORD_ODDS = 'absentWordOdds';

/** The features the trees split on (those of the former check and the sentence-level ones). */
const TREE_FEATURES: string[] = [
  'bestCoverage',
  'wholeCoverage',
  'titleCoverage',
  'pairShare',
  'missingKeyTerms',
  'noSharedConcept',
  'negationMismatch',
  'nullFindingMismatch',
  'directionDisagrees',
  'termDirectionDisagrees',
  'termDirectionAgrees',
  'claimNegated',
  'claimAbsolute',
  'missingNumbers',
  'claimLength',
  'cueAbsent',
  'cueCount',
  'oppositeWord',
  'evidenceHedged',
  'claimNullFinding',
  'evidenceNegated',
  'numbersDisagree',
  'bestPairShare',
  'secondCoverage',
  'bestKeyCoverage',
  'bestPosition',
  'negatedTermMismatch',
  'claimDirection',
  'evidenceDirection',
  'evidenceNullFinding',
  'claimHedged',
  'genericShare',
  'coveringSentences',
  ABSENT_WORD_ODDS,
];

/**
 * The tree check measured here: topic trees over the claim features and `absentWordOdds`, the
 * log-odds that a claim word the abstract never writes marks a contradicted citation; agreement
 * as in the shipped check.
 */
interface TreeCheck {
  absentWordOdds: Record<string, number>;
  topic: BoostedTrees;
  agreement: LogisticModel;
}

function supportInputs(
  names: readonly string[],
  scored: ScoredClaim,
  table: Readonly<Record<string, number>>,
): number[] {
  return names.map((name) =>
    name === ABSENT_WORD_ODDS
      ? scored.absentWords.reduce((sum, word) => sum + (table[word] ?? 0), 0)
      : scored.features[name as FeatureName],
  );
}

function treeLogit(model: TreeCheck, scored: ScoredClaim): number {
  const inputs = supportInputs(model.topic.features, scored, model.absentWordOdds);
  return treesLogit(model.topic, inputs) + Math.min(0, logit(model.agreement, scored.features));
}

interface Example {
  claimId: number;
  scored: ScoredClaim;
  label: Label | 'RANDOM' | 'RETRIEVED';
  positive: boolean;
}

// The former check, kept here as the reference the new one is measured against.
const FORMER_TOPIC: FeatureName[] = [
  'bestCoverage',
  'wholeCoverage',
  'titleCoverage',
  'pairShare',
  'missingKeyTerms',
  'noSharedConcept',
  'negationMismatch',
  'nullFindingMismatch',
  'directionDisagrees',
  'directionAgrees',
  'termDirectionDisagrees',
  'termDirectionAgrees',
  'opposedFinding',
  'negatedFinding',
  'claimNegated',
  'claimAbsolute',
  'missingNumbers',
  'claimLength',
  'cueAbsent',
  'cueCount',
  'oppositeWord',
  'opposedWording',
  'evidenceHedged',
  'claimNullFinding',
  'evidenceNegated',
  'numbersDisagree',
];
const FORMER_AGREEMENT = FORMER_TOPIC.filter(
  (name) =>
    !['bestCoverage', 'wholeCoverage', 'titleCoverage', 'pairShare'].includes(name) &&
    !['missingKeyTerms', 'noSharedConcept', 'claimLength'].includes(name),
);
const AGREEMENT_SCALE = numberFlag('scale', 3);
/** As the former check was calibrated (90 % of supported training pairs above 0.5). */
const FORMER_KEPT = 0.9;
const FORMER_EMPHASIS: Partial<Record<Example['label'], number>> = { NEI: 2, RANDOM: 0.5 };

type FormerModel = SupportModel;

const formerProbability = (model: FormerModel, example: Example) =>
  supportProbability(model, example.scored.features);

const EXTENDED_TOPIC: FeatureName[] = [
  ...FORMER_TOPIC,
  'bestPairShare',
  'secondCoverage',
  'bestKeyCoverage',
  'bestPosition',
  'negatedTermMismatch',
  'claimDirection',
  'evidenceDirection',
  'evidenceNullFinding',
  'claimHedged',
  'genericShare',
  'coveringSentences',
];
const EXTENDED_AGREEMENT = EXTENDED_TOPIC.filter(
  (name) =>
    !['bestCoverage', 'wholeCoverage', 'titleCoverage', 'pairShare'].includes(name) &&
    !['missingKeyTerms', 'noSharedConcept', 'claimLength'].includes(name),
);

/**
 * Supporting against contradicting cited abstracts; doubled, as the former check shipped it
 * (fitted on cited abstracts only, its log-odds are small beside the topic's).
 */
function fitAgreement(
  train: readonly Example[],
  names: FeatureName[],
  scale: number,
): LogisticModel {
  const fitted = fitLogistic(
    train
      .filter((example) => example.label === 'SUPPORT' || example.label === 'CONTRADICT')
      .map((example) => ({
        features: example.scored.features,
        positive: example.positive,
        emphasis: 1,
      })),
    names,
  );
  return {
    intercept: round(fitted.intercept * scale),
    weights: Object.fromEntries(
      Object.entries(fitted.weights).map(([name, weight]) => [name, round(weight * scale)]),
    ),
  };
}

function fitFormer(
  train: readonly Example[],
  topicNames = FORMER_TOPIC,
  agreementNames = FORMER_AGREEMENT,
): FormerModel {
  const weighted = (examples: readonly Example[]) =>
    examples.map((example) => ({
      features: example.scored.features,
      positive: example.positive,
      emphasis: FORMER_EMPHASIS[example.label] ?? 1,
    }));
  const topic = fitLogistic(
    weighted(train.filter((example) => example.label !== 'CONTRADICT')),
    topicNames,
  );
  const agreement = fitAgreement(train, agreementNames, 2);
  const supported = train.filter((example) => example.label === 'SUPPORT');
  let low = -40;
  let high = 40;
  for (let step = 0; step < 40; step++) {
    const middle = (low + high) / 2;
    const model = { topic: { ...topic, intercept: topic.intercept + middle }, agreement };
    const kept =
      supported.filter((example) => formerProbability(model, example) > 0.5).length /
      supported.length;
    if (kept >= FORMER_KEPT) high = middle;
    else low = middle;
  }
  return { topic: { ...topic, intercept: round(topic.intercept + high) }, agreement };
}

/** Log-odds of CONTRADICT against SUPPORT for each claim word the cited abstract lacks. */
function wordTable(examples: readonly Example[]): Record<string, number> {
  const counts = new Map<string, { support: number; contradict: number }>();
  let supports = 0;
  let contradicts = 0;
  for (const example of examples) {
    if (example.label !== 'SUPPORT' && example.label !== 'CONTRADICT') continue;
    const contradict = example.label === 'CONTRADICT';
    if (contradict) contradicts += 1;
    else supports += 1;
    for (const word of example.scored.absentWords) {
      const count = counts.get(word) ?? { support: 0, contradict: 0 };
      if (contradict) count.contradict += 1;
      else count.support += 1;
      counts.set(word, count);
    }
  }
  const table: Record<string, number> = {};
  for (const [word, count] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    if (count.support + count.contradict < MIN_WORD_COUNT) continue;
    const odds = Math.log(
      ((count.contradict + 1) / (contradicts + 2)) * ((supports + 2) / (count.support + 1)),
    );
    if (Math.abs(odds) >= 0.05) table[word] = Math.round(odds * 100) / 100;
  }
  return table;
}

function foldsOf(claimIds: readonly number[], seed: number): Map<number, number> {
  const order = shuffle(seededRandom(seed), [...new Set(claimIds)]);
  return new Map(order.map((id, index) => [id, index % FOLDS]));
}

/** The trees' inputs for `train`, the word table's value cross-fitted by claim. */
function crossFittedRows(train: readonly Example[]): number[][] {
  const inner = foldsOf(
    train.map((example) => example.claimId),
    23,
  );
  const rows: number[][] = new Array(train.length);
  for (let fold = 0; fold < FOLDS; fold++) {
    const table = wordTable(train.filter((example) => inner.get(example.claimId) !== fold));
    train.forEach((example, i) => {
      if (inner.get(example.claimId) === fold) {
        rows[i] = supportInputs(TREE_FEATURES, example.scored, table);
      }
    });
  }
  return rows;
}

/** Trees fitted on the examples `use` keeps: SUPPORT against the rest, classes weighing equally. */
function fitTrees(
  train: readonly Example[],
  rows: readonly number[][],
  use: (e: Example) => boolean,
) {
  const kept = train.flatMap((example, i) => (use(example) ? [i] : []));
  const labels = kept.map((i) => (train[i]!.positive ? 1 : 0));
  const emphasis = kept.map((i) => EMPHASIS[train[i]!.label] ?? 1);
  const classWeight = [0, 1].map((y) =>
    emphasis.reduce((sum, value, k) => sum + (labels[k] === y ? value : 0), 0),
  );
  // Each class weighs half, and the weights average 1 (the trees' hessian floors assume it).
  const weights = emphasis.map(
    (value, k) => (value * 0.5 * kept.length) / classWeight[labels[k]!]!,
  );
  return fitBoostedTrees(
    TREE_FEATURES,
    kept.map((i) => rows[i]!),
    labels,
    weights,
    {
      ...DEFAULT_BOOSTING,
      trees: numberFlag('trees', DEFAULT_BOOSTING.trees),
      depth: numberFlag('depth', DEFAULT_BOOSTING.depth),
      learningRate: numberFlag('rate', DEFAULT_BOOSTING.learningRate),
      random: seededRandom(31),
    },
  );
}

/**
 * Topic trees (SUPPORT against everything but CONTRADICT) and the agreement regression (SUPPORT
 * against CONTRADICT, on cited abstracts; trees overfit these few hundred pairs), before the
 * topic's calibration.
 */
function fitParts(train: readonly Example[]): TreeCheck {
  const rows = crossFittedRows(train);
  return {
    absentWordOdds: wordTable(train),
    topic: fitTrees(train, rows, (example) => example.label !== 'CONTRADICT'),
    agreement: fitAgreement(train, FORMER_AGREEMENT, AGREEMENT_SCALE),
  };
}

/**
 * The check fitted on `train`, its topic base shifted so that SUPPORTED_KEPT of supported pairs
 * score above 0.5, the shift read from out-of-fold scores (in-sample, trees flatter themselves).
 */
function fitCheck(train: readonly Example[]): TreeCheck {
  const inner = foldsOf(
    train.map((example) => example.claimId),
    29,
  );
  const logits: number[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const model = fitParts(train.filter((example) => inner.get(example.claimId) !== fold));
    for (const example of train) {
      if (example.label === 'SUPPORT' && inner.get(example.claimId) === fold) {
        logits.push(treeLogit(model, example.scored));
      }
    }
  }
  logits.sort((a, b) => a - b);
  const cut = logits[Math.floor((1 - SUPPORTED_KEPT) * logits.length)]!;
  const model = fitParts(train);
  model.topic.base = round(model.topic.base - cut + 1e-3);
  return model;
}

function examplesOf(claims: readonly Claim[], corpus: Map<string, Work>, index: Bm25Index) {
  const ids = [...corpus.keys()];
  const random = seededRandom(7);
  const examples: Example[] = [];
  const add = (claim: Claim, doc: string, label: Example['label']) => {
    const work = corpus.get(doc);
    if (!work) return;
    const scored = claimFeatures(claim.claim, prepareWork(work.title, work.abstract ?? ''));
    examples.push({ claimId: claim.id, scored, label, positive: label === 'SUPPORT' });
  };
  for (const claim of claims) {
    for (const doc of claim.cited) add(claim, doc, claim.labels.get(doc) ?? 'NEI');
    let other = ids[Math.floor(random() * ids.length)]!;
    while (claim.cited.includes(other)) other = ids[Math.floor(random() * ids.length)]!;
    add(claim, other, 'RANDOM');
    const query = claim.claim.replace(/["“”]/g, ' ').replace(/(^|\s)[-+]/g, '$1');
    index
      .search({ query, limit: 5 })
      .map((hit) => String(hit.docId))
      .filter((doc) => !claim.cited.includes(doc))
      .slice(0, 2)
      .forEach((doc) => add(claim, doc, 'RETRIEVED'));
  }
  return examples;
}

function figures(scored: readonly { example: Example; p: number }[]): string {
  const of = (labels: string[]) =>
    scored.filter((entry) => labels.includes(entry.example.label)).map((entry) => entry.p);
  const supported = of(['SUPPORT']);
  const above = (values: number[]) => values.filter((p) => p > 0.5).length / values.length;
  const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
  return [
    `AUC vs cited NEI + CONTRADICT ${rocAuc(supported, of(['NEI', 'CONTRADICT'])).toFixed(3)}`,
    `vs CONTRADICT ${rocAuc(supported, of(['CONTRADICT'])).toFixed(3)}`,
    `vs NEI ${rocAuc(supported, of(['NEI'])).toFixed(3)}`,
    `vs random ${rocAuc(supported, of(['RANDOM'])).toFixed(3)}`,
    `vs retrieved ${rocAuc(supported, of(['RETRIEVED'])).toFixed(3)}`,
    `| above 0.5: supported ${pct(above(supported))}, CONTRADICT ${pct(above(of(['CONTRADICT'])))}, NEI ${pct(above(of(['NEI'])))}, random ${pct(above(of(['RANDOM'])))}, retrieved ${pct(above(of(['RETRIEVED'])))}`,
  ].join('  ');
}

async function main(): Promise<void> {
  const corpus = await readCorpus();
  const claims = await readClaims();
  const index = new Bm25Index();
  for (const work of corpus.values()) {
    index.add({ docId: work.id, title: work.title, abstract: work.abstract ?? '' });
  }
  index.optimize();
  const examples = examplesOf(claims, corpus, index);
  const foldOf = foldsOf(
    claims.map((claim) => claim.id),
    19,
  );
  if (numberFlag('diagnose', 0) === 1) {
    const rows = crossFittedRows(examples);
    for (const [j, name] of TREE_FEATURES.entries()) {
      const values = (label: string) =>
        examples.flatMap((example, i) => (example.label === label ? [rows[i]![j]!] : []));
      console.log(
        name.padEnd(24),
        'S vs C',
        rocAuc(values('SUPPORT'), values('CONTRADICT')).toFixed(3),
        'S vs NEI',
        rocAuc(values('SUPPORT'), values('NEI')).toFixed(3),
        'S vs RETR',
        rocAuc(values('SUPPORT'), values('RETRIEVED')).toFixed(3),
      );
    }
    return;
  }
  const former: { example: Example; p: number }[] = [];
  const current: { example: Example; p: number }[] = [];
  const extended: { example: Example; p: number }[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const inFold = (example: Example) => foldOf.get(example.claimId) === fold;
    const train = examples.filter((example) => !inFold(example));
    const test = examples.filter(inFold);
    const formerModel = fitFormer(train);
    const model = fitCheck(train);
    const extendedModel = fitFormer(train, EXTENDED_TOPIC, EXTENDED_AGREEMENT);
    for (const example of test) {
      extended.push({ example, p: formerProbability(extendedModel, example) });
      former.push({ example, p: formerProbability(formerModel, example) });
      current.push({ example, p: logistic(treeLogit(model, example.scored)) });
    }
  }
  console.log(
    `SciFact train: ${claims.length} claims, ${examples.length} pairs, ${FOLDS}-fold cross-validation by claim (held-out folds):`,
  );
  console.log(`  shipped (2 logistic regressions): ${figures(former)}`);
  console.log(`  same, more features:             ${figures(extended)}`);
  console.log(`  boosted trees + word table:      ${figures(current)}`);

  const model = fitFormer(examples);
  if (numberFlag('write', 1) === 0) return;
  const file = path.resolve(import.meta.dirname, '../../src/server/ai/check/support-weights.json');
  // Written as the repository's formatter would, so a refit leaves `prettier --check` clean.
  const options = await resolveConfig(file);
  await writeFile(
    file,
    await format(JSON.stringify({ source: SOURCE, ...model }), { ...options, parser: 'json' }),
  );
  console.log(`Weights written to ${path.relative(process.cwd(), file)}.`);
}

await main();
