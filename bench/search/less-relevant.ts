/**
 * Where the References pane draws its 'Less relevant' line: a result scoring below a fraction
 * of the top result's score. For each candidate fraction, on the SciFact train claims with the
 * library's engine: the share of judged-relevant works found in the top 100 that stay above the
 * line, and how many results stay above it on average.
 *
 *   npx tsx bench/search/less-relevant.ts
 */
import path from 'node:path';
import { readLiteratureRecords } from '../../src/server/literature/formats/read-literature-records';
import { Bm25Index } from '../../src/server/literature/search/bm25-index';
import { LESS_RELEVANT_FRACTION } from '../../src/shared/literature/relevance';
import { DATASETS_DIR } from './bench-args';
import { mean } from './ir-metrics';
import { readQrels, readQueries } from './scifact-data';

const DATA = path.join(DATASETS_DIR, 'scifact');
const FRACTIONS = [0.1, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5];

const index = new Bm25Index();
for await (const record of readLiteratureRecords(`${DATA}/corpus.jsonl`)) {
  index.add({ docId: record.sourceId, title: record.title, abstract: record.abstract });
}
index.optimize();
const qrels = await readQrels(`${DATA}/qrels/train.tsv`);
const ratios: number[] = [];
const listRatios: number[][] = [];
for (const query of await readQueries(`${DATA}/queries.jsonl`)) {
  const relevant = qrels.get(query.id);
  if (!relevant) continue;
  const text = query.text.replace(/["“”]/g, ' ').replace(/(^|\s)[-+]/g, '$1');
  const hits = index.search({ query: text, limit: 100 });
  const top = hits[0]?.score ?? 0;
  if (top <= 0) continue;
  listRatios.push(hits.map((hit) => hit.score / top));
  for (const hit of hits) if (relevant.has(String(hit.docId))) ratios.push(hit.score / top);
}
console.log(
  `SciFact train: ${listRatios.length} claims, ${ratios.length} relevant works in the top 100`,
);
for (const fraction of FRACTIONS) {
  const kept = ratios.filter((ratio) => ratio >= fraction).length / ratios.length;
  const above = mean(listRatios.map((list) => list.filter((ratio) => ratio >= fraction).length));
  const mark = fraction === LESS_RELEVANT_FRACTION ? '  <- shipped' : '';
  console.log(
    `  line at ${fraction.toFixed(2)} × top score: ${(kept * 100).toFixed(1)}% of relevant works above it, ${above.toFixed(1)} results above it on average${mark}`,
  );
}
