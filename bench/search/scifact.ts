/**
 * Retrieval quality on SciFact (BEIR format): index the 5,183 abstracts, run the 809 train
 * claims, report nDCG@10 and Recall@100 against the train qrels. The analyzer's letter-digit
 * runs (analyzer.ts) are measured side by side, off and on, over five folds of the claims
 * (query i in fold i mod 5): a rule without fitted parameters, so the per-fold gains show
 * whether it holds across claims or comes from a few.
 *
 *   npx tsx bench/search/scifact.ts [--k1 1.2] [--title-weight 2] [--title-b 0.5] [--body-b 0.75]
 */
import path from 'node:path';
import { loadavg } from 'node:os';
import { readLiteratureRecords } from '../../src/server/literature/formats/read-literature-records';
import { createAnalyzer } from '../../src/server/literature/search/analyzer';
import { DEFAULT_BM25F_PARAMS, type Bm25fParams } from '../../src/server/literature/search/bm25f';
import { Bm25Index } from '../../src/server/literature/search/bm25-index';
import { DATASETS_DIR, numberFlag } from './bench-args';
import { mean, ndcgAt, recallAt } from './ir-metrics';
import { readQrels, readQueries } from './scifact-data';

const DATA = path.join(DATASETS_DIR, 'scifact');
const BEIR_BM25_NDCG10_TEST = 0.665;
const FOLDS = 5;

function paramsFromFlags(): Bm25fParams {
  const defaults = DEFAULT_BM25F_PARAMS;
  return {
    k1: numberFlag('k1', defaults.k1),
    title: {
      weight: numberFlag('title-weight', defaults.title.weight),
      b: numberFlag('title-b', defaults.title.b),
    },
    abstract: { weight: defaults.abstract.weight, b: numberFlag('body-b', defaults.abstract.b) },
  };
}

/** Claims are natural sentences; quotes or a leading dash in them are not operators. */
const claimText = (text: string) => text.replace(/["“”]/g, ' ').replace(/(^|\s)[-+]/g, '$1');

async function evaluate(params: Bm25fParams, alphanumericParts: boolean) {
  const index = new Bm25Index({ params, analyzer: createAnalyzer({ alphanumericParts }) });
  const buildStart = performance.now();
  for await (const record of readLiteratureRecords(`${DATA}/corpus.jsonl`)) {
    index.add({ docId: record.sourceId, title: record.title, abstract: record.abstract });
  }
  index.optimize();
  const buildMs = performance.now() - buildStart;
  const queries = await readQueries(`${DATA}/queries.jsonl`);
  const qrels = await readQrels(`${DATA}/qrels/train.tsv`);
  const ndcg: number[] = [];
  const recall: number[] = [];
  const searchStart = performance.now();
  for (const query of queries) {
    const relevant = qrels.get(query.id);
    if (relevant === undefined) continue;
    const hits = index.search({ query: claimText(query.text), limit: 100 });
    const ranked = hits.map((hit) => String(hit.docId));
    ndcg.push(ndcgAt(ranked, relevant, 10));
    recall.push(recallAt(ranked, relevant, 100));
  }
  const searchMs = performance.now() - searchStart;
  return { index, ndcg, recall, buildMs, queryMs: searchMs / ndcg.length };
}

async function main(): Promise<void> {
  const params = paramsFromFlags();
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`params       ${JSON.stringify(params)}`);
  const runs = [
    { label: 'letter-digit runs off (analyzer before)', parts: false },
    { label: 'letter-digit runs on (default)', parts: true },
  ];
  const results = [];
  for (const run of runs) {
    const result = await evaluate(params, run.parts);
    results.push(result);
    console.log(
      `${run.label.padEnd(42)} ${result.index.size} docs, ${result.ndcg.length} train claims: nDCG@10 ${mean(result.ndcg).toFixed(4)}   Recall@100 ${mean(result.recall).toFixed(4)}   build ${result.buildMs.toFixed(0)} ms, ${result.queryMs.toFixed(2)} ms a query`,
    );
  }
  const [before, after] = results as [(typeof results)[0], (typeof results)[0]];
  const folds = Array.from({ length: FOLDS }, (_, fold) => {
    const inFold = (_: number, i: number) => i % FOLDS === fold;
    const gain = mean(after.ndcg.filter(inFold)) - mean(before.ndcg.filter(inFold));
    return gain.toFixed(4);
  });
  const better = after.ndcg.filter((value, i) => value > before.ndcg[i]!).length;
  const worse = after.ndcg.filter((value, i) => value < before.ndcg[i]!).length;
  console.log(
    `nDCG@10 gain per fold: ${folds.join('  ')}; claims better ${better}, worse ${worse}`,
  );
  console.log(`BEIR BM25 reference (Elasticsearch, test split): nDCG@10 ${BEIR_BM25_NDCG10_TEST}`);
}

await main();
