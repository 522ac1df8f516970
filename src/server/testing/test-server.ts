import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { loadConfig } from '../config/config';
import { buildServer, type BuildServerOptions } from '../http/server';
import { startServices, stopServices } from '../services';
import { TestClient } from './test-client';
import { prepareMigratedPglite } from './migrated-pglite';
import { createPostgresDatabase, type TestDatabaseKind } from './test-databases';

export interface TestServer {
  url: string;
  context: AppContext;
  app: FastifyInstance;
  client(): TestClient;
  /** A fresh client already signed up as a new user with a unique e-mail. */
  signedInClient(name?: string): Promise<TestClient>;
  close(): Promise<void>;
}

let userCounter = 0;

/** The real server (routes, auth, queue) on a fresh database, listening on a free port. */
export async function startTestServer(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
  options: BuildServerOptions = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scriptor-test-'));
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  if (kind === 'pglite') await prepareMigratedPglite(dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    QUEUE_MAINTENANCE_SECONDS: '1',
    // A test that walked away from a stream has no use for its socket: closing one should not
    // wait for it (http/shutdown-grace.ts).
    SHUTDOWN_GRACE_SECONDS: '1',
    SCRIPTOR_TEST_ROUTES: '1',
    // Tests that need literature load their own small corpus; the bundled one takes a while.
    CORPUS_AUTOLOAD: 'off',
    // Test clients play machines behind a proxy, each with its own address (TestClient).
    TRUSTED_PROXIES: 'loopback',
    // Tests send AI requests far faster than a person; the limit's own test sets it low.
    AI_RATE_LIMIT_PER_MINUTE: '10000',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  });
  const context = await startServices(config, () => undefined);
  const app = await buildServer(context, options);
  if (config.runWorkers) await context.queue.startWorkers();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('Server has no port');
  const url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    context,
    app,
    client: () => new TestClient(url),
    async signedInClient(name = 'Test User') {
      const client = new TestClient(url);
      userCounter += 1;
      await client.signUp(`user${userCounter}-${Date.now()}@example.org`, undefined, name);
      return client;
    },
    async close() {
      await app.close();
      await stopServices(context);
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
