/**
 * Federated search figures:
 *  1. time to the first source's answer and to the complete federated answer with 1, 3 and 6
 *     fake sources (real adapters over HTTP, each answering 100 works after 200–1,500 ms);
 *  2. the cost of merging and re-scoring 600 candidates;
 *  3. nDCG@10 on the SciFact train claims with the corpus split across three fake sources,
 *     merged, against the local engine alone on the whole corpus.
 *
 *   npx tsx bench/search/federated.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Work } from '../../src/shared/citations/work';
import { openDatabase } from '../../src/server/db/database';
import { FederatedLiteratureProvider } from '../../src/server/literature/federation/federated-provider';
import {
  mergeCandidates,
  type RankedList,
} from '../../src/server/literature/federation/merge-candidates';
import { rescore } from '../../src/server/literature/federation/rescore';
import { readLiteratureRecords } from '../../src/server/literature/formats/read-literature-records';
import type { LiteratureQuery } from '../../src/server/literature/providers/literature-provider';
import { Bm25Index } from '../../src/server/literature/search/bm25-index';
import type { LiteratureSource } from '../../src/server/literature/sources/literature-source';
import { OpenAlexSource } from '../../src/server/literature/sources/openalex-source';
import { recordToWork } from '../../src/server/literature/store/record-to-work';
import { DATASETS_DIR } from './bench-args';
import { mean, ndcgAt } from './ir-metrics';
import { readQrels, readQueries } from './scifact-data';
import { outboundTrusting } from '../../src/server/testing/outbound-trusting';

const DATA = path.join(DATASETS_DIR, 'scifact');
const LATENCIES: Record<number, number[]> = {
  1: [700],
  3: [200, 700, 1500],
  6: [200, 450, 700, 950, 1200, 1500],
};

function query(q: string, limit = 100): LiteratureQuery {
  return {
    q,
    viewerId: null,
    includeText: '',
    excludeText: '',
    yearStart: null,
    yearEnd: null,
    includeUndated: true,
    minCitations: 0,
    documentTypes: [],
    limit,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function loadCorpus(): Promise<Work[]> {
  const works: Work[] = [];
  for await (const record of readLiteratureRecords(`${DATA}/corpus.jsonl`))
    works.push(recordToWork(record));
  return works;
}

/** An OpenAlex-shaped fake answering `works` (as OpenAlex records) after `latencyMs`. */
async function fakeOpenAlex(works: Work[], latencyMs: number) {
  const body = JSON.stringify({
    meta: { count: works.length, per_page: 200, page: 1 },
    results: works.map((work, rank) => ({
      id: `https://openalex.org/W${work.id.replace(/\D/g, '')}${rank}`,
      doi: `https://doi.org/10.5555/${work.id.replace(/\W/g, '')}`,
      title: work.title,
      publication_year: 2020,
      type: 'article',
      cited_by_count: rank,
      abstract_inverted_index: Object.fromEntries(
        (work.abstract ?? '')
          .split(/\s+/)
          .slice(0, 200)
          .map((word, position) => [word, [position]]),
      ),
    })),
  });
  const server = createServer((_request, response) => {
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
    }, latencyMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function latencyFigures(corpus: Work[]) {
  const directory = mkdtempSync(path.join(tmpdir(), 'scriptor-bench-federated-'));
  const database = openDatabase({ kind: 'pglite', dataDir: directory });
  await database.migrate();
  console.log('1. Latency (real adapters over HTTP, 100 works per source, cache off, median of 3)');
  for (const count of [1, 3, 6]) {
    const fakes = await Promise.all(
      LATENCIES[count]!.map((latency, i) =>
        fakeOpenAlex(corpus.slice(i * 100, i * 100 + 100), latency),
      ),
    );
    let firstAt = Infinity;
    let started = 0;
    const sources: LiteratureSource[] = fakes.map((fake, i) => {
      const inner = new OpenAlexSource({
        baseUrl: fake.url,
        mailto: undefined,
        outbound: outboundTrusting(fake.url),
      });
      return {
        id: `fake-${i}`,
        label: `Fake ${i}`,
        search: async (q, signal) => {
          const answer = await inner.search(q, signal);
          firstAt = Math.min(firstAt, performance.now() - started);
          return answer;
        },
      };
    });
    const provider = new FederatedLiteratureProvider(database.db, sources, {
      timeoutMs: 8000,
      cacheMs: 0,
    });
    const first: number[] = [];
    const complete: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      firstAt = Infinity;
      started = performance.now();
      const answer = await provider.answer(query(`cell biology protein ${run}`));
      complete.push(performance.now() - started);
      first.push(firstAt);
      if (answer.results.length === 0) throw new Error('no results');
    }
    console.log(
      `   ${count} source(s) at ${LATENCIES[count]!.join('/')} ms: first source answered ${median(first).toFixed(0)} ms, ` +
        `complete federated answer ${median(complete).toFixed(0)} ms (slowest source + ${(median(complete) - Math.max(...LATENCIES[count]!)).toFixed(0)} ms merge, re-score, store)`,
    );
    await Promise.all(fakes.map((fake) => fake.close()));
  }
  await database.close();
  rmSync(directory, { recursive: true, force: true });
}

function overheadFigures(corpus: Work[]) {
  const lists: RankedList[] = Array.from({ length: 6 }, (_, s) => ({
    sourceId: `source-${s}`,
    stored: false,
    // Neighbouring sources overlap by half, as open sources covering the same literature do.
    works: corpus.slice(s * 50, s * 50 + 100),
  }));
  const timings: number[] = [];
  let candidates = 0;
  for (let run = 0; run < 20; run += 1) {
    const start = performance.now();
    const merged = mergeCandidates(lists);
    rescore(merged, query('protein expression in cancer cells'));
    timings.push(performance.now() - start);
    candidates = merged.length;
  }
  console.log('2. Merge + re-score overhead');
  console.log(
    `   600 candidates (${candidates} distinct) from 6 lists: median ${median(timings).toFixed(1)} ms, ` +
      `first run ${timings[0]!.toFixed(1)} ms`,
  );
}

async function qualityFigures(corpus: Work[]) {
  const whole = new Bm25Index();
  const parts = [new Bm25Index(), new Bm25Index(), new Bm25Index()];
  const byId = new Map<string, Work>();
  corpus.forEach((work, i) => {
    byId.set(work.id, work);
    whole.add({ docId: work.id, title: work.title, abstract: work.abstract });
    parts[i % 3]!.add({ docId: work.id, title: work.title, abstract: work.abstract });
  });
  const queries = await readQueries(`${DATA}/queries.jsonl`);
  const qrels = await readQrels(`${DATA}/qrels/train.tsv`);
  const local: number[] = [];
  const federated: number[] = [];
  const fusedOnly: number[] = [];
  for (const q of queries) {
    const relevant = qrels.get(q.id);
    if (!relevant) continue;
    const text = q.text.replace(/["“”]/g, ' ').replace(/(^|\s)[-+]/g, '$1');
    const docIdOf = (id: string) => id.replace(/^beir:/, '');
    local.push(
      ndcgAt(
        whole.search({ query: text, limit: 100 }).map((hit) => docIdOf(String(hit.docId))),
        relevant,
        10,
      ),
    );
    const lists: RankedList[] = parts.map((part, s) => ({
      sourceId: `part-${s}`,
      stored: false,
      works: part.search({ query: text, limit: 100 }).map((hit) => byId.get(String(hit.docId))!),
    }));
    const merged = mergeCandidates(lists);
    fusedOnly.push(
      ndcgAt(
        merged.map((c) => docIdOf(c.work.id)),
        relevant,
        10,
      ),
    );
    const { ranked } = rescore(merged, query(text));
    federated.push(
      ndcgAt(
        ranked.map((c) => docIdOf(c.work.id)),
        relevant,
        10,
      ),
    );
  }
  console.log('3. Quality: SciFact train claims, nDCG@10');
  console.log(
    `   local engine, whole corpus (${corpus.length} docs)         ${mean(local).toFixed(4)}`,
  );
  console.log(
    `   3 sources (a third each), rank fusion only          ${mean(fusedOnly).toFixed(4)}`,
  );
  console.log(
    `   3 sources, fusion + BM25F re-score (what ships)     ${mean(federated).toFixed(4)}`,
  );
  console.log(`   (${local.length} claims with judgements)`);
}

const corpus = await loadCorpus();
await latencyFigures(corpus);
overheadFigures(corpus);
await qualityFigures(corpus);
