import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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

const DOCUMENT = ['# Study', '## Introduction', '## Methods', '## Results', '## Discussion'].join(
  '\n\n',
);
const SECTIONS = ['Introduction', 'Methods', 'Results', 'Discussion'].map((title, index) => ({
  sectionNumber: String(index + 1),
  sectionTitle: title,
  sectionLevel: 2,
}));

function sectionOf(request: ChatRequest): string | undefined {
  if (request.body.response_format) return undefined;
  return /You write the body of the section "([^"]+)"/.exec(request.prompt)?.[1];
}

function writer(hangOn?: string) {
  return (request: ChatRequest): FakeAnswer => {
    const title = sectionOf(request);
    if (!title) return defaultResponder(request);
    if (title === hangOn) return { kind: 'text', chunks: ['Partial'], hang: true };
    return { kind: 'text', chunks: [`The ${title} text.`] };
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

describe.each(kinds)('a writing job survives kill -9 on %s', { timeout: 240_000 }, (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('resumes at the section it was writing and charges each section once', async () => {
    const fake = await startFakeOpenAiServer({ respond: writer('Results') });
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
    const dataDir = mkdtempSync(path.join(tmpdir(), 'scriptor-writing-durability-'));
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
    await client.signUp('writer@example.org');
    const paper = await client.post('/api/papers', {
      title: 'Study',
      type: 'scientific',
      content: DOCUMENT,
    });
    const started = await client.post('/api/scaffolded-writing/start', {
      paperId: paper.body.id,
      sequence: ['2', '3', '4', '1'],
      sections: SECTIONS,
    });
    expect(started.status).toBe(200);
    const jobId = started.body.jobId as string;
    const status = async () =>
      (await client.get(`/api/scaffolded-writing/status/${jobId}`)).body as unknown as {
        status: string;
        sections: { sectionTitle: string; status: string }[];
      };
    // Section 2 of 4 in writing order (Results) is mid-call when the process dies.
    await waitFor(
      async () => fake.chats.some((chat) => sectionOf(chat) === 'Results'),
      (seen) => seen,
    );
    await first.stop('SIGKILL');

    fake.respond = writer();
    const second = new ServerProcess(port, env);
    cleanups.push(async () => void (await second.stop('SIGTERM')));
    await second.start();
    const done = await waitFor(status, (job) => job.status === 'completed');
    expect(done.sections.map((section) => section.status)).toEqual([
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
    const written = (title: string) => fake.chats.filter((chat) => sectionOf(chat) === title);
    expect(written('Methods')).toHaveLength(1);
    expect(written('Results')).toHaveLength(2);
    expect(written('Discussion')).toHaveLength(1);
    // The restarted run still knew what Methods said.
    expect(written('Results')[1]?.prompt).toContain('The Methods text.');

    const history = (await client.get('/api/user/billing-history')).body as unknown as {
      entries: { kind: string }[];
    };
    // Each finished section is paid once. On PGlite the hold of the section the crash
    // interrupted is refunded at start-up (hold-sweeper.ts) and the resumed run charges it
    // again, so the ledger shows that section as charge, refund, charge.
    const count = (kind: string) => history.entries.filter((entry) => entry.kind === kind).length;
    expect(count('charge') - count('refund')).toBe(4);
    expect(count('refund')).toBe(kind === 'pglite' ? 1 : 0);
    expect((await client.get('/api/user/balance')).body.balance).toBeCloseTo(0.6, 6);
  });
});
