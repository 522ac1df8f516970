/**
 * Retrieval quality on SciFact (BEIR format): index the 5,183 abstracts, run the 809 train
 * claims, report nDCG@10 and Recall@100 against the train qrels.
 *
 *   npx tsx bench/search/scifact.ts [--k1 1.2] [--title-weight 2] [--title-b 0.5] [--body-b 0.75]
 */
import path from 'node:path';
import { readLiteratureRecords } from '../../src/server/literature/formats/read-literature-records';
import { DEFAULT_BM25F_PARAMS, type Bm25fParams } from '../../src/server/literature/search/bm25f';
import { Bm25Index } from '../../src/server/literature/search/bm25-index';
import { DATASETS_DIR, numberFlag } from './bench-args';
import { mean, ndcgAt, recallAt } from './ir-metrics';
import { readQrels, readQueries } from './scifact-data';

const DATA = path.join(DATASETS_DIR, 'scifact');
const BEIR_BM25_NDCG10_TEST = 0.665;

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

async function main(): Promise<void> {
  const params = paramsFromFlags();
  const index = new Bm25Index({ params });
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
    // Claims are natural sentences; quotes or a leading dash in them are not operators.
    const text = query.text.replace(/["“”]/g, ' ').replace(/(^|\s)[-+]/g, '$1');
    const ranked = index.search({ query: text, limit: 100 }).map((hit) => String(hit.docId));
    ndcg.push(ndcgAt(ranked, relevant, 10));
    recall.push(recallAt(ranked, relevant, 100));
  }
  const searchMs = performance.now() - searchStart;

  console.log(`SciFact train: ${index.size} docs, ${ndcg.length} queries`);
  console.log(`params       ${JSON.stringify(params)}`);
  console.log(
    `nDCG@10      ${mean(ndcg).toFixed(4)}   (BEIR BM25 reference, test split: ${BEIR_BM25_NDCG10_TEST})`,
  );
  console.log(`Recall@100   ${mean(recall).toFixed(4)}`);
  console.log(
    `build        ${buildMs.toFixed(0)} ms; queries ${(searchMs / ndcg.length).toFixed(2)} ms each`,
  );
}

await main();
