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
 *   prompt, up to the first streamed text.
 *
 *   npx tsx bench/ai/chat.ts [--claims 200] [--latency 30]
 */
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

async function main(): Promise<void> {
  const claimCount = numberFlag('claims', 200);
  const latencyCount = numberFlag('latency', 30);
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
    const claims = (await readClaims()).filter((claim) => claim.cited.length > 0);
    const fakeModel = server.context.ai.providers.languageModel(
      provider?.DEFAULT_MODEL ?? 'openai:fake-small',
    );

    // Time to the first answer token over the bundled corpus alone.
    const library = await countSharedWorks(db);
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
    console.log(
      `time to first answer token, ${library} works, ${provider ? provider.DEFAULT_MODEL : 'fake provider'} (n=${firstToken.length}): p50 ${percentile(firstToken, 50).toFixed(0)} ms, p95 ${percentile(firstToken, 95).toFixed(0)} ms`,
    );

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
