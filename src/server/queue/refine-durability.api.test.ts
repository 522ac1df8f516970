import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type ChatRequest } from '../testing/fake-openai-server';
import { TestClient } from '../testing/test-client';
import { createPostgresDatabase, testDatabaseKinds } from '../testing/test-databases';
import { freePort, ServerProcess } from '../testing/server-process';
import { modelCatalogue, ALL_TYPES_FILTERS } from '../routes/api/ai/ai-test-support';
import {
  headingOf,
  structureAndRefine,
  TOPIC,
  type RefineStatus,
} from '../routes/api/refine-structure/refine-test-support';

const kinds = await testDatabaseKinds();

const TITLES = ['Introduction', 'Methods', 'Results', 'Discussion', 'Conclusion'];

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`condition not reached in ${ms} ms`);
}

describe.each(kinds)('a refinement survives kill -9 on %s', { timeout: 240_000 }, (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('resumes at the first unrefined section and charges each section once', async () => {
    const refine = structureAndRefine(TITLES);
    // Results, the third heading, never answers before the crash.
    const fake = await startFakeOpenAiServer({
      respond: (chat: ChatRequest) =>
        headingOf(chat) === 'Results'
          ? { kind: 'json', value: {}, after: new Promise<void>(() => undefined) }
          : refine(chat),
    });
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
    const dataDir = mkdtempSync(path.join(tmpdir(), 'scriptor-refine-durability-'));
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
    await client.signUp('refiner@example.org');
    const sections = TITLES.map((title) => ({ level: 2, title, purpose: `What ${title} does.` }));
    const started = await client.post('/api/refine-structure', {
      ...TOPIC,
      filters: ALL_TYPES_FILTERS,
      sections,
    });
    expect(started.status).toBe(202);
    const jobId = started.body.jobId as string;
    await waitFor(
      async () => fake.chats.some((chat) => headingOf(chat) === 'Results'),
      (seen) => seen,
    );
    await first.stop('SIGKILL');

    fake.respond = refine;
    const second = new ServerProcess(port, env);
    cleanups.push(async () => void (await second.stop('SIGTERM')));
    await second.start();
    const status = async () =>
      (await client.get(`/api/refine-structure/status/${jobId}`)).body as unknown as RefineStatus;
    const done = await waitFor(status, (job) => job.status === 'completed');
    expect(done.sections.map((section) => section.status)).toEqual(TITLES.map(() => 'completed'));
    const asked = (title: string) => fake.chats.filter((chat) => headingOf(chat) === title);
    expect(asked('Introduction')).toHaveLength(1);
    expect(asked('Methods')).toHaveLength(1);
    expect(asked('Results')).toHaveLength(2);
    expect(asked('Discussion')).toHaveLength(1);
    expect(asked('Conclusion')).toHaveLength(1);
    expect(done.result?.sections).toHaveLength(20);

    const history = (await client.get('/api/user/billing-history')).body as unknown as {
      entries: { kind: string }[];
    };
    // Each section is paid once. On PGlite the hold of the section the crash interrupted is
    // refunded at start-up (hold-sweeper.ts) and the resumed run charges it again.
    const count = (kind: string) => history.entries.filter((entry) => entry.kind === kind).length;
    expect(count('charge') - count('refund')).toBe(5);
    expect(count('refund')).toBe(kind === 'pglite' ? 1 : 0);
    expect((await client.get('/api/user/balance')).body.balance).toBeCloseTo(0.5, 6);
  });
});
