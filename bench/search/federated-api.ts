/**
 * The default search as a user meets it: every figure goes through POST /api/search of a real
 * server (PGlite, signed-in user, the pane's default filters), on the SciFact corpus and its
 * train claims (the only judgements this workspace has).
 *
 *  1. Ranking. The library alone (`LITERATURE_PROVIDER=local`) against the default federated
 *     provider with only the library configured (must be identical), and with the library
 *     holding two thirds of the corpus while a fake OpenAlex over HTTP holds the other third:
 *     the merged ranking against the library alone, and on the documents the library holds.
 *  2. Speed without internet: every outside source at an address where nothing listens,
 *     against `LITERATURE_SOURCES=local` (p50/p95 of the complete answer).
 *  3. Speed with slow outside sources: five fakes answering after 200–1,500 ms; time to the
 *     pane's first results (stage 'library') and to the complete answer.
 *
 *   npx tsx bench/search/federated-api.ts [--queries 809] [--ranking 0] [--speed 0]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { searchRequest } from '../../src/app/references/search/search-request';
import { defaultSearchFilters } from '../../src/shared/literature/search-filters';
import { importLiteratureFile } from '../../src/server/literature/corpus/import-literature-file';
import { readLiteratureRecords } from '../../src/server/literature/formats/read-literature-records';
import { Bm25Index } from '../../src/server/literature/search/bm25-index';
import { startTestServer } from '../../src/server/testing/test-server';
import type { TestClient } from '../../src/server/testing/test-client';
import { DATASETS_DIR, numberFlag } from './bench-args';
import { mean, ndcgAt, recallAt } from './ir-metrics';
import { readQrels, readQueries, type Query } from './scifact-data';

const DATA = path.join(DATASETS_DIR, 'scifact');
const QUERY_LIMIT = numberFlag('queries', 809);
const RANKING = numberFlag('ranking', 1) !== 0;
const SPEED = numberFlag('speed', 1) !== 0;
const UNREACHABLE = 'http://127.0.0.1:9';
const OUTSIDE_SOURCES = ['openalex', 'crossref', 'pubmed', 'arxiv', 'semanticscholar'] as const;
const SOURCE_URL_VARIABLES: Record<(typeof OUTSIDE_SOURCES)[number], string> = {
  openalex: 'OPENALEX_URL',
  crossref: 'CROSSREF_URL',
  pubmed: 'PUBMED_URL',
  arxiv: 'ARXIV_URL',
  semanticscholar: 'SEMANTIC_SCHOLAR_URL',
};

interface CorpusDoc {
  id: string;
  title: string;
  abstract: string;
}
interface Result {
  id: string;
  doi: string | null;
}
interface Answer {
  results: Result[];
  sources: { id: string; status: string }[];
}

async function readCorpus(): Promise<CorpusDoc[]> {
  const docs: CorpusDoc[] = [];
  for await (const record of readLiteratureRecords(`${DATA}/corpus.jsonl`)) {
    docs.push({ id: record.sourceId, title: record.title, abstract: record.abstract ?? '' });
  }
  return docs;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Claims are sentences: quotes and a leading dash in them are not search operators. */
const claimText = (text: string) => text.replace(/["“”]/g, ' ').replace(/(^|\s)[-+]/g, '$1');

/** The SciFact id of a result: the library's BEIR id, or the fake OpenAlex's DOI. */
function corpusId(result: Result): string {
  if (result.id.startsWith('beir:')) return result.id.slice(5);
  return /^10\.5555\/scifact\.(.+)$/.exec(result.doi ?? '')?.[1] ?? result.id;
}

async function server(env: Record<string, string>, library: CorpusDoc[]) {
  const started = await startTestServer('pglite', { LITERATURE_CACHE_MINUTES: '0', ...env });
  const directory = mkdtempSync(path.join(tmpdir(), 'scriptor-bench-corpus-'));
  const file = path.join(directory, 'corpus.jsonl');
  writeFileSync(
    file,
    library
      .map((doc) => JSON.stringify({ _id: doc.id, title: doc.title, text: doc.abstract }))
      .join('\n'),
  );
  await importLiteratureFile(started.context.database.db, file, { origin: 'corpus' });
  rmSync(directory, { recursive: true, force: true });
  return { server: started, client: await started.signedInClient() };
}

async function search(client: TestClient, q: string, stage: 'library' | 'all' = 'all') {
  const body = { ...searchRequest(q, defaultSearchFilters(), null), stage };
  const started = performance.now();
  const response = await client.post('/api/search', body);
  if (response.status !== 200) throw new Error(`search answered ${response.status}`);
  return { answer: response.body as unknown as Answer, ms: performance.now() - started };
}

/** An OpenAlex-shaped fake that searches its documents with BM25 and answers after `delayMs()`. */
async function fakeOpenAlex(docs: CorpusDoc[], delayMs: () => number) {
  const index = new Bm25Index();
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  for (const doc of docs) index.add({ docId: doc.id, title: doc.title, abstract: doc.abstract });
  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const q = url.searchParams.get('search') ?? '';
    const perPage = Number(url.searchParams.get('per_page') ?? 25);
    const hits = index.search({ query: q, limit: perPage });
    const body = JSON.stringify({
      meta: { count: hits.length, per_page: perPage, page: 1 },
      results: hits.map((hit) => {
        const doc = byId.get(String(hit.docId))!;
        return {
          id: `https://openalex.org/W${doc.id}`,
          doi: `https://doi.org/10.5555/scifact.${doc.id}`,
          title: doc.title,
          type: 'article',
          cited_by_count: 0,
          abstract_inverted_index: Object.fromEntries(
            doc.abstract.split(/\s+/).map((word, position) => [word, [position]]),
          ),
        };
      }),
    });
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
    }, delayMs());
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  };
}

async function quality(
  label: string,
  client: TestClient,
  queries: Query[],
  qrels: Map<string, Set<string>>,
  held?: Set<string>,
) {
  const ndcg: number[] = [];
  const recall: number[] = [];
  const heldNdcg: number[] = [];
  const rankings: string[][] = [];
  for (const query of queries) {
    const relevant = qrels.get(query.id)!;
    const ranked = (await search(client, claimText(query.text))).answer.results.map(corpusId);
    rankings.push(ranked);
    ndcg.push(ndcgAt(ranked, relevant, 10));
    recall.push(recallAt(ranked, relevant, 100));
    if (held) {
      const heldRelevant = new Set([...relevant].filter((id) => held.has(id)));
      if (heldRelevant.size > 0) {
        heldNdcg.push(
          ndcgAt(
            ranked.filter((id) => held.has(id)),
            heldRelevant,
            10,
          ),
        );
      }
    }
  }
  const onHeld = held ? `   on the library's documents nDCG@10 ${mean(heldNdcg).toFixed(4)}` : '';
  console.log(
    `   ${label.padEnd(52)} nDCG@10 ${mean(ndcg).toFixed(4)}   Recall@100 ${mean(recall).toFixed(4)}${onHeld}`,
  );
  return rankings;
}

async function rankingFigures(
  corpus: CorpusDoc[],
  queries: Query[],
  qrels: Map<string, Set<string>>,
) {
  console.log(
    `1. Ranking through /api/search, SciFact train claims (${queries.length}), default filters`,
  );
  const local = await server({ LITERATURE_PROVIDER: 'local' }, corpus);
  const federated = await server({ LITERATURE_SOURCES: 'local' }, corpus);
  const a = await quality(
    'library alone (LITERATURE_PROVIDER=local)',
    local.client,
    queries,
    qrels,
  );
  const b = await quality(
    'federated, library only (LITERATURE_SOURCES=local)',
    federated.client,
    queries,
    qrels,
  );
  const same = a.filter((ranking, i) => ranking.join() === b[i]!.join()).length;
  console.log(`   identical rankings: ${same} of ${a.length}`);
  await local.server.close();
  await federated.server.close();

  // Two thirds in the library, the rest only at an outside source.
  const held = new Set(corpus.filter((_, i) => i % 3 !== 0).map((doc) => doc.id));
  const outside = await fakeOpenAlex(
    corpus.filter((doc) => !held.has(doc.id)),
    () => 0,
  );
  const libraryPart = corpus.filter((doc) => held.has(doc.id));
  const part = await server({ LITERATURE_PROVIDER: 'local' }, libraryPart);
  const merged = await server(
    { LITERATURE_SOURCES: 'local,openalex', OPENALEX_URL: outside.url },
    libraryPart,
  );
  await quality('library with 2/3 of the corpus, alone', part.client, queries, qrels, held);
  await quality(
    'same library + fake OpenAlex with the other 1/3',
    merged.client,
    queries,
    qrels,
    held,
  );
  await part.server.close();
  await merged.server.close();
  await outside.close();
}

async function latencyFigures(corpus: CorpusDoc[], queries: Query[]) {
  const texts = queries.slice(0, 300).map((query) => claimText(query.text));
  const unreachable = Object.fromEntries(
    OUTSIDE_SOURCES.map((source) => [SOURCE_URL_VARIABLES[source], UNREACHABLE]),
  );
  const runs: [string, Record<string, string>][] = [
    ['LITERATURE_SOURCES=local', { LITERATURE_SOURCES: 'local' }],
    [
      'default sources, all five outside ones unreachable',
      { LITERATURE_SOURCES: `local,${OUTSIDE_SOURCES.join(',')}`, ...unreachable },
    ],
  ];
  console.log(`2. Without internet: ${texts.length} searches each, complete answers`);
  const p95s: number[] = [];
  for (const [label, env] of runs) {
    const { server: started, client } = await server(env, corpus);
    const times: number[] = [];
    for (const text of texts) times.push((await search(client, text)).ms);
    p95s.push(percentile(times, 95));
    console.log(
      `   ${label.padEnd(52)} p50 ${percentile(times, 50).toFixed(1)} ms   p95 ${percentile(times, 95).toFixed(1)} ms   max ${Math.max(...times).toFixed(0)} ms`,
    );
    await started.close();
  }
  console.log(`   p95 ratio (goal ≤ 1.2): ${(p95s[1]! / p95s[0]!).toFixed(2)}`);

  console.log('3. A reachable outside source answering after 200–1,500 ms (OpenAlex-shaped)');
  const delays = [200, 500, 800, 1100, 1500];
  let request = 0;
  const fake = await fakeOpenAlex(corpus.slice(0, 2000), () => delays[request++ % delays.length]!);
  const { server: started, client } = await server(
    { LITERATURE_SOURCES: 'local,openalex', OPENALEX_URL: fake.url },
    corpus,
  );
  const first: number[] = [];
  const complete: number[] = [];
  for (const text of texts.slice(0, 50)) {
    first.push((await search(client, text, 'library')).ms);
    complete.push((await search(client, text)).ms);
  }
  console.log(
    `   first results (stage library): p50 ${percentile(first, 50).toFixed(1)} ms, p95 ${percentile(first, 95).toFixed(1)} ms, max ${Math.max(...first).toFixed(0)} ms (goal ≤ 300 ms)`,
  );
  console.log(
    `   complete answer: p50 ${percentile(complete, 50).toFixed(0)} ms, p95 ${percentile(complete, 95).toFixed(0)} ms (the source's delay + merge)`,
  );
  await started.close();
  await fake.close();
}

const corpus = await readCorpus();
const qrels = await readQrels(`${DATA}/qrels/train.tsv`);
const queries = (await readQueries(`${DATA}/queries.jsonl`))
  .filter((query) => qrels.has(query.id))
  .slice(0, QUERY_LIMIT);
if (RANKING) await rankingFigures(corpus, queries, qrels);
if (SPEED) await latencyFigures(corpus, queries);
