/**
 * The research chat's answer stage (src/server/ai/chat/answer-question.ts) on SciFact claims
 * turned into questions ('Is it true that …?'), with the bundled corpus and the SciFact
 * abstracts in the library (about 26,000 works):
 *
 * - hit rate: how often the answer cites a gold document of the claim, for the offline
 *   extractive answer and, when a provider is configured (OPENAI_BASE_URL/OPENAI_API_KEY or
 *   ANTHROPIC_API_KEY with DEFAULT_MODEL in the environment), for the model's answer;
 * - time to the first answer token with the bundled corpus alone (about 21,000 works) and a
 *   local fake provider answering at once: intent, planning call, retrieval, relevance, budget,
 *   prompt, up to the first streamed text;
 * - through the real routes (issue 34.3): from Send (POST /api/chat/v2) to the first words on
 *   the answer's stream (GET /api/chat/v2/stream, what the open conversation shows), beside
 *   when the job completed and when the 5 s poll, the fallback, would first show it.
 *
 *   npx tsx bench/ai/chat.ts [--claims 200] [--latency 30] [--route 10]
 *   (--claims 0 skips the SciFact hit rate, which reads ../shared/datasets)
 */
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { answerQuestion, type ChatRun } from '../../src/server/ai/chat/answer-question';
import { defaultSearchFilters } from '../../src/shared/literature/search-filters';
import { works } from '../../src/server/db/schema';
import { corpusFiles } from '../../src/server/literature/corpus/bundled-corpus';
import { importLiteratureFile } from '../../src/server/literature/corpus/import-literature-file';
import { countSharedWorks } from '../../src/server/literature/store/work-store';
import { startFakeOpenAiServer } from '../../src/server/testing/fake-openai-server';
import { startTestServer, type TestServer } from '../../src/server/testing/test-server';
import { SAMPLE_QUESTIONS } from '../../src/app/chat/chat-texts';
import { numberFlag } from '../search/bench-args';
import { readClaims, SCIFACT } from './scifact-data';

const CORPUS_DIR = path.resolve(import.meta.dirname, '../../corpus');

function question(claim: string): string {
  const text = claim.trim().replace(/[.\s]+$/, '');
  return `Is it true that ${text.charAt(0).toLowerCase()}${text.slice(1)}?`;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function run(server: TestServer, ownerId: string, text: string, model: ChatRun['model']): ChatRun {
  const filters = defaultSearchFilters();
  filters.documentTypes = { ...filters.documentTypes, article: true, preprint: true };
  filters.includeUndated = true;
  return {
    question: text,
    topic: text,
    ownerId,
    filters,
    contextRefIds: [],
    language: 'en',
    history: [],
    model,
  };
}

async function userId(server: TestServer): Promise<string> {
  const client = await server.signedInClient('Bench');
  return ((await client.get('/api/me')).body.user as { id: string }).id;
}

const POLL_MS = 5000;

/** Send, then the stream's first piece of text and its end, as the browser receives them. */
async function sendToFirstWords(
  client: Awaited<ReturnType<TestServer['signedInClient']>>,
  question: string,
): Promise<{ firstWords: number; completed: number }> {
  const started = performance.now();
  const sent = await client.post('/api/chat/v2', { question, createNewConversation: true });
  const jobId = (sent.body as { jobId?: string }).jobId;
  if (!jobId) throw new Error(`send failed: ${sent.status} ${sent.text}`);
  const response = await fetch(`${client.baseUrl}/api/chat/v2/stream?jobId=${jobId}`, {
    headers: { cookie: client.cookieHeader(), 'x-forwarded-for': client.address },
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let firstWords = Number.NaN;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    if (Number.isNaN(firstWords) && /^data: \{"at":0,"text":"\s*\S/m.test(buffer)) {
      firstWords = performance.now() - started;
    }
    if (buffer.includes('event: done')) break;
  }
  await reader.cancel().catch(() => undefined);
  return { firstWords, completed: performance.now() - started };
}

async function routeFigures(server: TestServer, count: number): Promise<void> {
  const client = await server.signedInClient('Route bench');
  const { filters } = (await client.get('/api/settings/search-filters')).body as unknown as {
    filters: { documentTypes: Record<string, boolean> };
  };
  await client.put('/api/settings/search-filters', {
    filters: { ...filters, documentTypes: { ...filters.documentTypes, preprint: true } },
  });
  const claims = SAMPLE_QUESTIONS;
  await sendToFirstWords(client, 'warm up the chat route');
  const first: number[] = [];
  const done: number[] = [];
  const polled: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const figure = await sendToFirstWords(client, claims[index % claims.length]!);
    first.push(figure.firstWords);
    done.push(figure.completed);
    polled.push(Math.ceil(figure.completed / POLL_MS) * POLL_MS);
  }
  const show = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms`;
  };
  console.log(
    `through the routes, fake model answering at once (n=${count}, load average ${os.loadavg()[0]!.toFixed(1)}):`,
  );
  console.log(`  Send → first words on the stream:      ${show(first)}`);
  console.log(`  Send → answer stored (job completed):  ${show(done)}`);
  console.log(
    `  Send → first words by the 5 s poll:    ${show(polled)} (the fallback, and the former path)`,
  );
}

async function main(): Promise<void> {
  const claimCount = numberFlag('claims', 200);
  const latencyCount = numberFlag('latency', 30);
  const routeCount = numberFlag('route', 10);
  const fake = await startFakeOpenAiServer();
  const provider = process.env.DEFAULT_MODEL
    ? Object.fromEntries(
        ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'DEFAULT_MODEL'].flatMap(
          (key) => (process.env[key] ? [[key, process.env[key] as string]] : []),
        ),
      )
    : null;
  // With a provider configured, it replaces the fake one (the latency then includes its calls).
  const server = await startTestServer('pglite', {
    ...(provider ?? {
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'bench',
      DEFAULT_MODEL: 'openai:fake-small',
    }),
    BILLING: 'off',
  });
  try {
    const db = server.context.database.db;
    for (const file of corpusFiles(CORPUS_DIR)) {
      await importLiteratureFile(db, file.path, { origin: 'corpus' });
    }
    const ownerId = await userId(server);
    const claims =
      claimCount > 0 || latencyCount > 0
        ? (await readClaims()).filter((claim) => claim.cited.length > 0)
        : [];
    const fakeModel = server.context.ai.providers.languageModel(
      provider?.DEFAULT_MODEL ?? 'openai:fake-small',
    );

    // Time to the first answer token over the bundled corpus alone.
    const library = await countSharedWorks(db);
    if (latencyCount > 0)
      await answerQuestion(server.context, run(server, ownerId, 'warm up the index', fakeModel));
    const firstToken: number[] = [];
    for (const claim of claims.slice(0, latencyCount)) {
      const started = performance.now();
      let first = Number.NaN;
      await answerQuestion(server.context, run(server, ownerId, question(claim.claim), fakeModel), {
        onText: () => {
          if (Number.isNaN(first)) first = performance.now() - started;
        },
      });
      firstToken.push(first);
    }
    firstToken.sort((a, b) => a - b);
    if (latencyCount > 0)
      console.log(
        `time to first answer token, ${library} works, ${provider ? provider.DEFAULT_MODEL : 'fake provider'} (n=${firstToken.length}): p50 ${percentile(firstToken, 50).toFixed(0)} ms, p95 ${percentile(firstToken, 95).toFixed(0)} ms`,
      );

    if (routeCount > 0) await routeFigures(server, routeCount);
    if (claimCount === 0) return;

    await importLiteratureFile(db, path.join(SCIFACT, 'corpus.jsonl'), { origin: 'corpus' });
    const refIdOf = new Map<string, string>();
    for (const row of await db
      .select({ refId: works.refId, sourceId: works.sourceId })
      .from(works)
      .where(eq(works.source, 'SciFact'))) {
      refIdOf.set(row.sourceId.replace(/^beir:/, ''), row.refId);
    }
    console.log(`${await countSharedWorks(db)} works with the SciFact abstracts`);

    const real = provider
      ? server.context.ai.providers.languageModel(provider.DEFAULT_MODEL as string)
      : null;
    const tally = { asked: 0, extractiveCited: 0, extractiveHit: 0, modelCited: 0, modelHit: 0 };
    for (const claim of claims.slice(0, claimCount)) {
      const gold = new Set(claim.cited.flatMap((doc) => refIdOf.get(doc) ?? []));
      if (gold.size === 0) continue;
      tally.asked += 1;
      const offline = await answerQuestion(
        server.context,
        run(server, ownerId, question(claim.claim), null),
      );
      if (offline.papers.length > 0) tally.extractiveCited += 1;
      if (offline.papers.some((work) => gold.has(work.refId))) tally.extractiveHit += 1;
      if (real) {
        const answer = await answerQuestion(
          server.context,
          run(server, ownerId, question(claim.claim), real),
        );
        if (answer.papers.length > 0) tally.modelCited += 1;
        if (answer.papers.some((work) => gold.has(work.refId))) tally.modelHit += 1;
      }
    }
    const pct = (n: number) => `${((100 * n) / Math.max(1, tally.asked)).toFixed(1)} %`;
    console.log(
      `extractive (no model), ${tally.asked} questions: cites something ${pct(tally.extractiveCited)}, cites a gold document ${pct(tally.extractiveHit)}`,
    );
    if (real) {
      console.log(
        `model ${provider?.DEFAULT_MODEL}: cites something ${pct(tally.modelCited)}, cites a gold document ${pct(tally.modelHit)}`,
      );
    } else {
      console.log(
        'model answer: not measured (no provider configured: set DEFAULT_MODEL and its keys)',
      );
    }
  } finally {
    await server.close();
    await fake.close();
  }
}

await main();
