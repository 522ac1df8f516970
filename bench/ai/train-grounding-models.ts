/**
 * Fits the evidence relevance model of the grounding stage on SciFact *training* claims only and
 * writes its weights into the source tree (the app never reads the data set; the offline
 * citation check has its own script, bench/ai/train-citation-check.ts):
 *
 * - the evidence relevance floor (src/server/ai/retrieval/relevance-weights.json): is a
 *   retrieved work one the claim's authors cited? Over BM25's top 20 for each claim, on topical
 *   features only (a contradicting work is still evidence worth showing the model). The floor is
 *   the highest probability that keeps 95 % of the cited works retrieval found; the offline
 *   engine's citing floor keeps 99 %.
 *
 * Prints 5-fold cross-validated figures by claim (each claim's pairs in one fold), then fits on
 * all claims. Logistic regression with L2 on standardised features (logistic-fit.ts).
 *
 *   npx tsx bench/ai/train-grounding-models.ts [--write 0]
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  claimFeatures,
  prepareWork,
  type ClaimFeatures,
  type FeatureName,
} from '../../src/server/ai/check/claim-features';
import { logisticProbability, type LogisticModel } from '../../src/server/ai/check/logistic-model';
import { Bm25Index } from '../../src/server/literature/search/bm25-index';
import type { Work } from '../../src/shared/citations/work';
import { numberFlag } from '../search/bench-args';
import { seededRandom, shuffle } from '../search/seeded-random';
import { rocAuc } from './roc-auc';
import { fitLogistic, round } from './logistic-fit';
import { readClaims, readCorpus, type Claim } from './scifact-data';

const RELEVANCE_FEATURES: FeatureName[] = [
  'bestCoverage',
  'wholeCoverage',
  'titleCoverage',
  'pairShare',
  'missingKeyTerms',
  'noSharedConcept',
  'claimLength',
];
const GOLD_KEPT = 0.95;
/** The offline engine cites the best-ranked retrieved work above a lower floor: BM25 ranks well. */
const GOLD_KEPT_FOR_CITING = 0.99;
const RETRIEVED = 20;
const FOLDS = 5;
const SOURCE =
  'Fitted by bench/ai/train-grounding-models.ts on the SciFact training claims (Wadden et al. 2020, "Fact or Fiction: Verifying Scientific Claims"; claims and labels CC BY 4.0, abstracts from S2ORC, ODC-By 1.0).';

interface Example {
  claimId: number;
  features: ClaimFeatures;
  positive: boolean;
}

const fit = (examples: readonly Example[], names: readonly FeatureName[]) =>
  fitLogistic(
    examples.map((example) => ({ ...example, emphasis: 1 })),
    names,
  );

/** The highest probability that keeps `share` of the positives at or above it. */
function floorKeeping(model: LogisticModel, positives: readonly Example[], share: number) {
  const scores = positives
    .map((example) => logisticProbability(model, example.features))
    .sort((a, b) => a - b);
  return scores[Math.floor((1 - share) * scores.length)] ?? 0;
}

function folds(claims: readonly Claim[]): Map<number, number> {
  const order = shuffle(
    seededRandom(19),
    claims.map((claim) => claim.id),
  );
  return new Map(order.map((id, index) => [id, index % FOLDS]));
}

function relevanceExamples(claims: readonly Claim[], corpus: Map<string, Work>, index: Bm25Index) {
  return claims.flatMap((claim) =>
    search(index, claim.claim, RETRIEVED).flatMap((doc): Example[] => {
      const work = corpus.get(doc);
      if (!work) return [];
      const { features } = claimFeatures(claim.claim, prepareWork(work.title, work.abstract ?? ''));
      const positive = claim.cited.includes(doc);
      return [{ claimId: claim.id, features, positive }];
    }),
  );
}

function search(index: Bm25Index, text: string, limit: number): string[] {
  const query = text.replace(/["“”]/g, ' ').replace(/(^|\s)[-+]/g, '$1');
  return index.search({ query, limit }).map((hit) => String(hit.docId));
}

async function main(): Promise<void> {
  const corpus = await readCorpus();
  const claims = await readClaims();
  const index = new Bm25Index();
  for (const work of corpus.values()) {
    index.add({ docId: work.id, title: work.title, abstract: work.abstract ?? '' });
  }
  index.optimize();
  const foldOf = folds(claims);
  const relevance = relevanceExamples(claims, corpus, index);

  const relevanceScored: { example: Example; p: number; floor: number }[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const inFold = (example: Example) => foldOf.get(example.claimId) === fold;
    const relevanceTrain = relevance.filter((example) => !inFold(example));
    const relevanceModel = fit(relevanceTrain, RELEVANCE_FEATURES);
    const floor = floorKeeping(
      relevanceModel,
      relevanceTrain.filter((example) => example.positive),
      GOLD_KEPT,
    );
    for (const example of relevance.filter(inFold)) {
      relevanceScored.push({
        example,
        p: logisticProbability(relevanceModel, example.features),
        floor,
      });
    }
  }
  console.log(`SciFact train: ${claims.length} claims, ${FOLDS}-fold cross-validation by claim`);
  const kept = (entries: typeof relevanceScored, positive: boolean) => {
    const group = entries.filter((entry) => entry.example.positive === positive);
    return group.filter((entry) => entry.p >= entry.floor).length / group.length;
  };
  console.log(
    `Evidence floor over BM25's top ${RETRIEVED} (${relevance.length} pairs, held-out folds): cited works kept ${(kept(relevanceScored, true) * 100).toFixed(1)}%, not-cited works dropped ${((1 - kept(relevanceScored, false)) * 100).toFixed(1)}%; AUC ${rocAuc(
      relevanceScored.filter((entry) => entry.example.positive).map((entry) => entry.p),
      relevanceScored.filter((entry) => !entry.example.positive).map((entry) => entry.p),
    ).toFixed(3)}`,
  );

  const relevanceModel = fit(relevance, RELEVANCE_FEATURES);
  const floor = round(
    floorKeeping(
      relevanceModel,
      relevance.filter((example) => example.positive),
      GOLD_KEPT,
    ),
  );
  const citeFloor = round(
    floorKeeping(
      relevanceModel,
      relevance.filter((example) => example.positive),
      GOLD_KEPT_FOR_CITING,
    ),
  );
  const dropped =
    relevance.filter(
      (example) =>
        !example.positive && logisticProbability(relevanceModel, example.features) < floor,
    ).length / relevance.filter((example) => !example.positive).length;
  console.log(
    `Fitted on all claims: citing floor ${citeFloor}; evidence floor ${floor} drops ${(dropped * 100).toFixed(1)}% of the not-cited works BM25 retrieved`,
  );
  console.log(`  relevance ${JSON.stringify(relevanceModel)}`);
  if (numberFlag('write', 1) === 0) return;
  const root = path.resolve(import.meta.dirname, '../../src/server/ai');
  await writeFile(
    path.join(root, 'retrieval/relevance-weights.json'),
    `${JSON.stringify({ source: SOURCE, ...relevanceModel, floor, citeFloor }, null, 2)}\n`,
  );
  console.log('Weights written to src/server/ai/retrieval.');
}

await main();
