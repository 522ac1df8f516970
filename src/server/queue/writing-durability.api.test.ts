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

const TITLES = ['Introduction', 'Background', 'Methods', 'Results', 'Discussion', 'Conclusion'];
const DOCUMENT = ['# Study', ...TITLES.map((title) => `## ${title}`)].join('\n\n');
// Index 0 is the level-1 title heading, so section n is at index n.
const SECTIONS = TITLES.map((title, index) => ({
  sectionIndex: index + 1,
  sectionNumber: String(index + 1),
  sectionTitle: title,
  sectionLevel: 2,
}));
/** Methods, Results, Background, Discussion, Conclusion, Introduction. */
const SEQUENCE = [3, 4, 2, 5, 6, 1];

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

describe.each(kinds)('a writing job survives kill -9 on %s', { timeout: 480_000 }, (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('resumes at the section it was writing and charges each section once', async () => {
    // Section 3 of 6 in writing order (Background) is mid-call when the process dies.
    const fake = await startFakeOpenAiServer({ respond: writer('Background') });
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
      sequence: SEQUENCE,
      sections: SECTIONS,
    });
    expect(started.status).toBe(200);
    const jobId = started.body.jobId as string;
    const status = async () =>
      (await client.get(`/api/scaffolded-writing/status/${jobId}`)).body as unknown as {
        status: string;
        sections: { sectionTitle: string; status: string }[];
      };
    await waitFor(
      async () => fake.chats.some((chat) => sectionOf(chat) === 'Background'),
      (seen) => seen,
    );
    const before = await status();
    expect(before.sections.map((section) => section.status)).toEqual([
      'completed',
      'completed',
      'writing',
      'pending',
      'pending',
      'pending',
    ]);
    await first.stop('SIGKILL');

    fake.respond = writer();
    const second = new ServerProcess(port, env);
    cleanups.push(async () => void (await second.stop('SIGTERM')));
    await second.start();
    const done = await waitFor(status, (job) => job.status === 'completed');
    expect(done.sections.map((section) => section.status)).toEqual(TITLES.map(() => 'completed'));
    const written = (title: string) => fake.chats.filter((chat) => sectionOf(chat) === title);
    // The restarted run began at section 3: the two finished ones were not written again.
    expect(written('Methods')).toHaveLength(1);
    expect(written('Results')).toHaveLength(1);
    expect(written('Background')).toHaveLength(2);
    for (const title of ['Discussion', 'Conclusion', 'Introduction']) {
      expect(written(title)).toHaveLength(1);
    }
    // The restarted run still knew what the sections before it said.
    expect(written('Background')[1]?.prompt).toContain('The Methods text.');
    expect(written('Background')[1]?.prompt).toContain('The Results text.');

    const history = (await client.get('/api/user/billing-history')).body as unknown as {
      entries: { kind: string; what: string }[];
    };
    // Exactly one charge per finished section. On PGlite the hold of the section the crash
    // interrupted is refunded at start-up (hold-sweeper.ts) and the resumed run charges it
    // again, so the ledger shows that section as charge, refund, charge.
    for (const section of SECTIONS) {
      const entries = history.entries.filter((entry) =>
        entry.what
          .replace(/^Refund: /, '')
          .startsWith(`AI writing of section ${section.sectionNumber} `),
      );
      const count = (kind: string) => entries.filter((entry) => entry.kind === kind).length;
      expect(count('charge') - count('refund'), section.sectionTitle).toBe(1);
      const interrupted = section.sectionTitle === 'Background' && kind === 'pglite';
      expect(count('refund'), section.sectionTitle).toBe(interrupted ? 1 : 0);
    }
    expect((await client.get('/api/user/balance')).body.balance).toBeCloseTo(0.4, 6);
  });
});
