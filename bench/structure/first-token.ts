/**
 * The engine's own time to a structure and per refined section before the model is asked: a
 * real server (PGlite by default) holding the bundled corpus (about 21,000 works), the fake
 * OpenAI-compatible provider answering at once. For each topic it starts a structure
 * (POST /api/structure) and then refines it (POST /api/refine-structure), and prints:
 *
 * - structure: from the POST to the moment the provider receives the structure request (the
 *   job's pick-up, the query-planning call, retrieval, the relevance floor, the prompt);
 * - per refined section: from the previous section's answer (for the first, from the POST) to
 *   the moment the provider receives that section's subsection request (checkpoint writes,
 *   the held charge, planning, retrieval, the prompt).
 *
 * The structure call is not streamed (structured output), so 'before the first token' is the
 * time before the request that produces it.
 *
 *   npx tsx bench/structure/first-token.ts [--topics 5]
 *   npx tsx bench/structure/first-token.ts --works 1000000 --postgres 1   # topped up, as bench/ai/first-token.ts
 */
import path from 'node:path';
import { corpusFiles } from '../../src/server/literature/corpus/bundled-corpus';
import { importLiteratureFile } from '../../src/server/literature/corpus/import-literature-file';
import { countSharedWorks } from '../../src/server/literature/store/work-store';
import {
  defaultResponder,
  evidenceIds,
  startFakeOpenAiServer,
  type ChatRequest,
  type FakeAnswer,
} from '../../src/server/testing/fake-openai-server';
import { startTestServer } from '../../src/server/testing/test-server';
import { numberFlag } from '../search/bench-args';
import { BENCH_TOPICS } from './topics';

const CORPUS_DIR = path.resolve(import.meta.dirname, '../../corpus');
const FILTERS = {
  includeText: '',
  excludeText: '',
  yearRange: [1990, new Date().getFullYear()],
  minCitations: 0,
  documentTypes: { article: true, preprint: true, wikipedia: false, rmv: false, web: false },
  jifFilter: { enabled: false, minValue: 0 },
};
const TITLES = ['Introduction', 'Background', 'Methods', 'Results', 'Discussion', 'Conclusion'];

const properties = (chat: ChatRequest) =>
  chat.body.response_format?.json_schema?.schema?.properties ?? {};

/** Arrival times of the structure and subsection requests, in order. */
const arrivals: { kind: 'structure' | 'subsections'; at: number }[] = [];

function respond(chat: ChatRequest): FakeAnswer {
  const ids = evidenceIds(chat.prompt);
  if ('sections' in properties(chat)) {
    arrivals.push({ kind: 'structure', at: performance.now() });
    return {
      kind: 'json',
      value: {
        sections: TITLES.map((title) => ({ level: 2, title, purpose: `${title}.`, works: ids })),
      },
    };
  }
  if ('subsections' in properties(chat)) {
    arrivals.push({ kind: 'subsections', at: performance.now() });
    return {
      kind: 'json',
      value: {
        subsections: [1, 2, 3].map((part) => ({
          title: `Part ${part}`,
          purpose: `Part ${part}.`,
          works: ids.slice(part - 1, part + 1),
        })),
      },
    };
  }
  return defaultResponder(chat);
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function line(label: string, values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} n ${String(values.length).padStart(3)}   p50 ${percentile(sorted, 50).toFixed(0)} ms   p95 ${percentile(sorted, 95).toFixed(0)} ms   max ${sorted.at(-1)?.toFixed(0)} ms`,
  );
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function main(): Promise<void> {
  const topics = BENCH_TOPICS.slice(0, numberFlag('topics', 5));
  const targetWorks = numberFlag('works', 0);
  const fake = await startFakeOpenAiServer({ respond });
  const server = await startTestServer(numberFlag('postgres', 0) ? 'postgres' : 'pglite', {
    OPENAI_BASE_URL: fake.baseUrl,
    DEFAULT_MODEL: 'openai:fake-small',
    BILLING: 'off',
  });
  try {
    const db = server.context.database.db;
    const importStart = performance.now();
    for (const file of corpusFiles(CORPUS_DIR)) {
      await importLiteratureFile(db, file.path, { origin: 'corpus' });
    }
    if (targetWorks > 0) {
      const { topUpWorks } = await import('../ai/synthetic-works');
      await topUpWorks(db, targetWorks - (await countSharedWorks(db)));
    }
    const works = await countSharedWorks(db);
    const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);
    console.log(`${works} works imported in ${seconds(importStart)} s`);
    const client = await server.signedInClient('Bench');
    const indexStart = performance.now();
    await client.post('/api/search', { q: 'warm up the index', documentTypes: ['article'] });
    console.log(`index caught up in ${seconds(indexStart)} s`);

    const toStructure: number[] = [];
    const toFirstSection: number[] = [];
    const perSection: number[] = [];
    for (const topic of topics) {
      arrivals.length = 0;
      const posted = performance.now();
      const structure = await client.post('/api/structure', {
        ...topic,
        paperType: 'scientific',
        filters: FILTERS,
      });
      const structureJob = structure.body.jobId as string;
      const done = await waitFor(
        async () => (await client.get(`/api/structure?jobId=${structureJob}`)).body,
        (body) => body.status === 'completed' || body.status === 'failed',
      );
      if (done.status !== 'completed') throw new Error(String(done.error));
      toStructure.push((arrivals[0]?.at ?? Number.NaN) - posted);

      arrivals.length = 0;
      const sections = (done.result as { sections: unknown[] }).sections;
      const refinePosted = performance.now();
      const refine = await client.post('/api/refine-structure', {
        ...topic,
        paperType: 'scientific',
        filters: FILTERS,
        structureJobId: structureJob,
        sections,
      });
      const refineJob = refine.body.jobId as string;
      await waitFor(
        async () => (await client.get(`/api/refine-structure/status/${refineJob}`)).body,
        (body) => body.status === 'completed' || body.status === 'failed',
      );
      const times = arrivals.map((arrival) => arrival.at);
      toFirstSection.push((times[0] ?? Number.NaN) - refinePosted);
      for (let i = 1; i < times.length; i++) perSection.push(times[i]! - times[i - 1]!);
    }
    console.log(`${topics.length} topics over ${works} works (fake provider, instant answers):`);
    line('POST /api/structure → structure request', toStructure);
    line('POST /api/refine-structure → 1st section request', toFirstSection);
    line('section answered → next section request', perSection);
  } finally {
    await server.close();
    await fake.close();
  }
}

await main();
