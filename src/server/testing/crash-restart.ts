import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { modelCatalogue } from '../routes/api/ai/ai-test-support';
import {
  defaultResponder,
  startFakeOpenAiServer,
  type ChatRequest,
  type FakeAnswer,
  type FakeOpenAiServer,
  type Responder,
} from './fake-openai-server';
import { freePort, ServerProcess } from './server-process';
import { TestClient } from './test-client';
import { createPostgresDatabase, type TestDatabaseKind } from './test-databases';
import { prepareMigratedPglite } from './migrated-pglite';

/**
 * The set-up the kill -9 tests of per-section AI jobs share: a real server process on the fake
 * OpenAI provider, one priced model (0.1 per section, free tier, so a new user's balance pays
 * for it), a data directory (and on PostgreSQL a database) that outlives the process, and a
 * restart on the same port and data after a SIGKILL. Each test keeps its own job, crash point
 * and assertions.
 */

type Cleanup = () => Promise<void> | void;

/** Cleanups registered during a test, run in reverse order after it. */
export function cleanupsAfterEach(): Cleanup[] {
  const cleanups: Cleanup[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return cleanups;
}

export const COST_PER_SECTION = 0.1;

export interface CrashScene {
  fake: FakeOpenAiServer;
  /** Signed in on the first server; its session cookie stays valid after the restart. */
  client: TestClient;
  /**
   * Kills the server mid-job (no shutdown), runs `whileDown` (what must hold before the restart),
   * then answers with `respond` and starts it again.
   */
  crashAndRestart(respond: Responder, whileDown?: () => Promise<void>): Promise<void>;
}

export async function startCrashScene(
  kind: TestDatabaseKind,
  cleanups: Cleanup[],
  options: { respond: Responder; email: string; env?: Record<string, string> },
): Promise<CrashScene> {
  const fake = await startFakeOpenAiServer({ respond: options.respond });
  cleanups.push(() => fake.close());
  const catalogue = modelCatalogue([
    {
      model_name: 'openai:fake-small',
      descriptive_name: 'Fake',
      cost_per_section: COST_PER_SECTION,
      free_tier: true,
    },
  ]);
  cleanups.push(() => catalogue.remove());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scriptor-crash-restart-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (kind === 'pglite') await prepareMigratedPglite(dataDir);
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
    ...options.env,
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
  // The one running now: a scene may crash and restart more than once.
  let current = first;
  const client = new TestClient(first.url);
  await client.signUp(options.email);
  return {
    fake,
    client,
    async crashAndRestart(respond, whileDown) {
      await current.stop('SIGKILL');
      await whileDown?.();
      fake.respond = respond;
      const second = new ServerProcess(port, env);
      // Killed too: a graceful stop is not under test here (durability.api.test.ts tests it),
      // and on PGlite under load it took longer than the hook's two minutes.
      cleanups.push(async () => void (await second.stop('SIGKILL')));
      await second.start();
      current = second;
    },
  };
}

export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 90_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`condition not reached in ${ms} ms`);
}

/** The section a section-writing request (rewrite or scaffolded writing) writes. */
export function sectionBeingWritten(request: ChatRequest): string | undefined {
  if (request.body.response_format) return undefined;
  return /You write the body of the section "([^"]+)"/.exec(request.prompt)?.[1];
}

/** Writes each section as `text(title)`; the section `hangOn` never finishes. */
export function sectionWriter(text: (title: string) => string, hangOn?: string): Responder {
  return (request: ChatRequest): FakeAnswer => {
    const title = sectionBeingWritten(request);
    if (!title) return defaultResponder(request);
    if (title === hangOn) return { kind: 'text', chunks: ['Partial'], hang: true };
    return { kind: 'text', chunks: [text(title)] };
  };
}

/** The user's ledger: charge and refund entries with what they were for. */
export async function billingEntries(client: TestClient) {
  const history = (await client.get('/api/user/billing-history')).body as unknown as {
    entries: { kind: string; what: string }[];
  };
  return history.entries;
}
