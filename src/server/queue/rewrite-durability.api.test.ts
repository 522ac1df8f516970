import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { splitSections } from '../../shared/document/sections';
import {
  defaultResponder,
  startFakeOpenAiServer,
  type ChatRequest,
  type FakeAnswer,
} from '../testing/fake-openai-server';
import { TestClient } from '../testing/test-client';
import { createPostgresDatabase, testDatabaseKinds } from '../testing/test-databases';
import { freePort, ServerProcess } from '../testing/server-process';
import { modelCatalogue } from '../routes/api/ai/ai-test-support';

const kinds = await testDatabaseKinds();

const TITLES = ['Introduction', 'Background', 'Methods', 'Results', 'Discussion', 'Conclusion'];
const DOCUMENT = [
  '# Study',
  ...TITLES.flatMap((title) => [`## ${title}`, `The original ${title} text.`]),
].join('\n\n');

function sectionOf(request: ChatRequest): string | undefined {
  if (request.body.response_format) return undefined;
  return /You write the body of the section "([^"]+)"/.exec(request.prompt)?.[1];
}

function writer(hangOn?: string) {
  return (request: ChatRequest): FakeAnswer => {
    const title = sectionOf(request);
    if (!title) return defaultResponder(request);
    if (title === hangOn) return { kind: 'text', chunks: ['Partial'], hang: true };
    return { kind: 'text', chunks: [`The rewritten ${title} text.`] };
  };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`condition not reached in ${ms} ms`);
}

describe.each(kinds)('a Rewrite Paper job survives kill -9 on %s', { timeout: 240_000 }, (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('resumes at the section it was rewriting and charges each section once', async () => {
    const fake = await startFakeOpenAiServer({ respond: writer('Methods') });
    cleanups.push(() => fake.close());
    const catalogue = modelCatalogue([
      {
        model_name: 'openai:fake-small',
        descriptive_name: 'Fake',
        cost_per_section: 0.1,
        free_tier: true,
      },
    ]);
    cleanups.push(() => catalogue.remove());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'scriptor-rewrite-durability-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      QUEUE_MAINTENANCE_SECONDS: '1',
      CORPUS_AUTOLOAD: 'off',
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'test-key',
      DEFAULT_MODEL: 'openai:fake-small',
      MODELS_FILE: catalogue.file,
    };
    if (kind === 'postgres') {
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      env.DATABASE_URL = database.url;
    }
    const port = await freePort();
    const first = new ServerProcess(port, env);
    cleanups.push(() => void first.stop('SIGKILL'));
    await first.start();
    const client = new TestClient(first.url);
    await client.signUp('rewriter@example.org');
    const paper = await client.post('/api/papers', {
      title: 'Study',
      type: 'scientific',
      content: DOCUMENT,
    });
    const sections = splitSections(DOCUMENT).flatMap((part, sectionIndex) =>
      part.sectionNumber
        ? [{ sectionIndex, sectionNumber: part.sectionNumber, sectionTitle: part.sectionTitle }]
        : [],
    );
    const started = await client.post('/api/paper-rewrite/start', {
      paperId: paper.body.id,
      sections,
      tasks: sections.map((section) => ({
        sectionIndex: section.sectionIndex,
        type: 'rewrite_enrich',
      })),
    });
    expect(started.status).toBe(200);
    const paperId = paper.body.id as string;
    // Section 3 of 6 (Methods) is mid-call when the process dies.
    await waitFor(
      async () => fake.chats.some((chat) => sectionOf(chat) === 'Methods'),
      (seen) => seen,
    );
    await first.stop('SIGKILL');

    fake.respond = writer();
    const second = new ServerProcess(port, env);
    cleanups.push(async () => void (await second.stop('SIGTERM')));
    await second.start();
    await waitFor(
      async () =>
        (await client.get(`/api/paper-rewrite/status/${paperId}`)).body.processing_status as string,
      (status) => status === 'completed' || status.startsWith('error:'),
    );
    expect((await client.get(`/api/paper-rewrite/status/${paperId}`)).body.processing_status).toBe(
      'completed',
    );
    const result = (await client.get(`/api/paper-rewrite/sections/${paperId}`)).body as unknown as {
      sections: { section_title: string; status: string; content: string }[];
    };
    expect(result.sections.map((section) => section.status)).toEqual(TITLES.map(() => 'completed'));
    expect(result.sections.map((section) => section.content)).toEqual(
      TITLES.map((title) => `The rewritten ${title} text.`),
    );
    const rewritten = (title: string) => fake.chats.filter((chat) => sectionOf(chat) === title);
    expect(TITLES.map((title) => rewritten(title).length)).toEqual([1, 1, 2, 1, 1, 1]);

    const history = (await client.get('/api/user/billing-history')).body as unknown as {
      entries: { kind: string }[];
    };
    // Each finished section is paid once; on PGlite the interrupted section's hold is refunded
    // at start-up and charged again by the resumed run (hold-sweeper.ts).
    const count = (entry: string) =>
      history.entries.filter((candidate) => candidate.kind === entry).length;
    expect(count('charge') - count('refund')).toBe(6);
    expect(count('refund')).toBe(kind === 'pglite' ? 1 : 0);
    expect((await client.get('/api/user/balance')).body.balance).toBeCloseTo(0.4, 6);
  });
});
