/**
 * Build rate, memory and query latency of the BM25F index on the arXiv sample and on a
 * synthetic corpus grown from it (see perturbed-corpus.ts). Figures only, no assertions.
 *
 *   npx tsx bench/search/latency.ts               # 47,612 docs, then 1,000,000 docs
 *   npx tsx bench/search/latency.ts --docs 200000 [--queries-per-kind 80] [--snapshot 1]
 *   npx tsx bench/search/latency.ts --docs 1000000 --compare-analyzer 1 --snapshot 0
 *
 * `--compare-analyzer 1` builds each size twice in one run, first with the analyzer before the
 * letter-digit runs (analyzer.ts), then with the default one, so the two are measured side by
 * side under the same machine load.
 */
import { rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { readLiteratureRecords } from '../../src/server/literature/formats/read-literature-records';
import { createAnalyzer, type TextAnalyzer } from '../../src/server/literature/search/analyzer';
import { Bm25Index } from '../../src/server/literature/search/bm25-index';
import {
  loadIndexSnapshot,
  writeIndexSnapshot,
} from '../../src/server/literature/search/index-snapshot';
import { DATASETS_DIR, formatBytes, numberFlag } from './bench-args';
import { perturbedCorpus, type BaseDoc } from './perturbed-corpus';
import { QUERY_KINDS, queryWorkload, type WorkloadQuery } from './query-workload';

const ARXIV = join(DATASETS_DIR, 'arxiv-sample', 'arxiv-sample.jsonl');

async function readBase(): Promise<BaseDoc[]> {
  const base: BaseDoc[] = [];
  for await (const record of readLiteratureRecords(ARXIV)) {
    base.push({ title: record.title, abstract: record.abstract ?? '', year: record.year });
  }
  return base;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function describe(label: string, wall: number[], cpu: number[]): string {
  const fmt = (value: number): string => value.toFixed(2).padStart(7);
  const stats = (times: number[]): string => {
    const sorted = [...times].sort((a, b) => a - b);
    return `p50 ${fmt(percentile(sorted, 50))}  p95 ${fmt(percentile(sorted, 95))}`;
  };
  return `  ${label.padEnd(9)} n=${String(wall.length).padStart(4)}  wall ${stats(wall)} ms   CPU ${stats(cpu)} ms`;
}

function build(base: readonly BaseDoc[], docs: number, analyzer: TextAnalyzer): Bm25Index {
  const index = new Bm25Index({ analyzer });
  const wallStart = performance.now();
  const cpuStart = process.cpuUsage();
  let indexMs = 0;
  let lastReport = wallStart;
  let added = 0;
  for (const doc of perturbedCorpus(base, docs)) {
    const start = performance.now();
    index.add(doc);
    indexMs += performance.now() - start;
    added += 1;
    if (start - lastReport > 15_000) {
      lastReport = start;
      console.log(`  … ${added} docs, ${((added / indexMs) * 1000).toFixed(0)} docs/s`);
    }
  }
  const flushStart = performance.now();
  index.flush();
  indexMs += performance.now() - flushStart;
  const wallMs = performance.now() - wallStart;
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const optimizeStart = performance.now();
  index.optimize();
  const optimizeMs = performance.now() - optimizeStart;
  console.log(
    `  build     ${((docs / indexMs) * 1000).toFixed(0)} docs/s: ${(indexMs / 1000).toFixed(1)} s in add/flush (analysis, seals, merges); wall ${(wallMs / 1000).toFixed(1)} s with text generation (CPU ${(cpuMs / 1000).toFixed(1)} s); optimize ${(optimizeMs / 1000).toFixed(1)} s`,
  );
  return index;
}

// Memory figures are only meaningful after a full collection; expose gc without a node flag.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

// ArrayBuffers freed by a collection are released asynchronously: collect, wait, collect again.
async function settledMemory(): Promise<NodeJS.MemoryUsage> {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 250));
  collectGarbage();
  return process.memoryUsage();
}

async function reportMemory(index: Bm25Index): Promise<void> {
  const memory = await settledMemory();
  const stats = index.stats();
  console.log(
    `  index     ${stats.documents} docs, ${stats.terms} terms, ${stats.segments} segment(s); postings ${formatBytes(stats.postingBytes)}, positions ${formatBytes(stats.positionBytes)}, typed arrays ~${formatBytes(stats.approximateBytes)}`,
  );
  console.log(
    `  memory    rss ${formatBytes(memory.rss)}, heap used ${formatBytes(memory.heapUsed)}, array buffers ${formatBytes(memory.arrayBuffers)}`,
  );
}

/**
 * Wall time is what a user waits for, but on a shared machine it includes time spent waiting
 * for a core; CPU time (this thread's) is the work the query itself costs.
 */
function runQueries(index: Bm25Index, queries: readonly WorkloadQuery[]): void {
  for (const query of queries.slice(0, 30)) index.search(query.request);
  const wall = new Map<string, number[]>();
  const cpu = new Map<string, number[]>();
  let results = 0;
  for (const query of queries) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    results += index.search(query.request).length;
    const elapsed = performance.now() - start;
    const used = process.cpuUsage(cpuStart);
    for (const key of [query.kind, 'all']) {
      wall.set(key, [...(wall.get(key) ?? []), elapsed]);
      cpu.set(key, [...(cpu.get(key) ?? []), (used.user + used.system) / 1000]);
    }
  }
  console.log(`  queries   k=100, ${(results / queries.length).toFixed(1)} results on average`);
  for (const kind of [...QUERY_KINDS, 'all']) {
    console.log(describe(kind, wall.get(kind) ?? [], cpu.get(kind) ?? []));
  }
}

async function measureSnapshot(index: Bm25Index): Promise<void> {
  const path = join(tmpdir(), `scriptor-bench-${process.pid}.idx`);
  try {
    let start = performance.now();
    const bytes = await writeIndexSnapshot(index, path);
    const writeMs = performance.now() - start;
    start = performance.now();
    const loaded = await loadIndexSnapshot(path);
    const loadMs = performance.now() - start;
    console.log(
      `  snapshot  ${formatBytes(bytes)}, write ${(writeMs / 1000).toFixed(1)} s, load ${(loadMs / 1000).toFixed(1)} s (${loaded.ok ? 'ok' : loaded.problem})`,
    );
  } finally {
    await rm(path, { force: true });
  }
}

async function main(): Promise<void> {
  const base = await readBase();
  const requested = numberFlag('docs', 0);
  const sizes = requested > 0 ? [requested] : [base.length, 1_000_000];
  const queries = queryWorkload(base, numberFlag('queries-per-kind', 80));
  const snapshot = numberFlag('snapshot', 1) !== 0;
  console.log(
    `node ${process.version}, ${queries.length} queries per size, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const analyzers: [string, TextAnalyzer][] = [['default analyzer', createAnalyzer()]];
  if (numberFlag('compare-analyzer', 0) !== 0) {
    analyzers.unshift([
      'analyzer without letter-digit runs (before)',
      createAnalyzer({ alphanumericParts: false }),
    ]);
  }
  for (const size of sizes) {
    for (const [label, analyzer] of analyzers) {
      console.log(`\n${size} documents, ${label}`);
      const index = build(base, size, analyzer);
      await reportMemory(index);
      runQueries(index, queries);
      if (snapshot) await measureSnapshot(index);
      console.log(
        `  load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
      );
    }
  }
}

await main();
