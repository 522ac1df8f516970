#!/usr/bin/env node
// Builds the bundled literature corpus in corpus/ from the open data sets beside the repo
// (../shared/datasets). Developers run it when the selection changes; the app only reads
// corpus/. Deterministic: the same inputs give the same files.
import { createReadStream, createWriteStream, copyFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';

const DATASETS = process.env.DATASETS_DIR ?? '../shared/datasets';
const ARXIV_LIMIT = Number(process.env.ARXIV_LIMIT ?? 20_000);

async function* arxivSubset() {
  const lines = createInterface({
    input: createReadStream(`${DATASETS}/arxiv-sample/arxiv-sample.jsonl`),
  });
  const all = [];
  for await (const line of lines) if (line.trim()) all.push(line);
  // An even spread over the whole sample keeps every category and year represented.
  const step = all.length / ARXIV_LIMIT;
  for (let i = 0; i < ARXIV_LIMIT && Math.floor(i * step) < all.length; i += 1) {
    yield `${all[Math.floor(i * step)]}\n`;
  }
}

await pipeline(
  Readable.from(arxivSubset()),
  createGzip({ level: 9 }),
  createWriteStream('corpus/arxiv-subset.jsonl.gz'),
);
copyFileSync(
  `${DATASETS}/openalex-sample/works-sample.jsonl.gz`,
  'corpus/openalex-sample.jsonl.gz',
);
console.log('corpus/arxiv-subset.jsonl.gz and corpus/openalex-sample.jsonl.gz written');
