import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TestClient } from '../testing/test-client';
import { createPostgresDatabase, testDatabaseKinds } from '../testing/test-databases';
import { freePort, ServerProcess } from '../testing/server-process';

const kinds = await testDatabaseKinds();

async function waitForJob(
  client: TestClient,
  jobId: string,
  statuses: string[],
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await client.get(`/api/jobs/${jobId}`);
    if (statuses.includes(response.body.status as string)) return response.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${jobId} did not reach ${statuses.join('/')} in ${timeoutMs} ms`);
}

describe.each(kinds)('a job survives a crash of the server on %s', { timeout: 180_000 }, (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A fresh data directory (and Postgres database) shared by the server and its restart. */
  async function serverEnv(): Promise<Record<string, string>> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'scriptor-durability-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SCRIPTOR_TEST_ROUTES: '1',
      QUEUE_MAINTENANCE_SECONDS: '1',
      CORPUS_AUTOLOAD: 'off',
    };
    if (kind === 'postgres') {
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      env.DATABASE_URL = database.url;
    }
    return env;
  }

  it('is picked up again after a restart and completes', async () => {
    const env = await serverEnv();
    const port = await freePort();

    const first = new ServerProcess(port, env);
    cleanups.push(() => void first.stop('SIGKILL'));
    await first.start();
    const client = new TestClient(first.url);
    await client.signUp('durable@example.org');
    const queued = await client.post('/api/test/jobs/sleep', { ms: 2500 });
    const jobId = queued.body.jobId as string;
    await waitForJob(client, jobId, ['processing'], 30_000);

    // A crash, not a shutdown: the job is mid-run and nobody gets to clean up.
    await first.stop('SIGKILL');

    const second = new ServerProcess(port, env);
    cleanups.push(async () => void (await second.stop('SIGTERM')));
    await second.start();
    // The session cookie from before the crash is still valid: sessions live in the database.
    const done = await waitForJob(client, jobId, ['completed', 'failed'], 60_000);
    expect(done).toMatchObject({ status: 'completed', result: { sleptMs: 2500 } });
    expect(done.attempts).toBeGreaterThanOrEqual(2);
  });

  it('finishes a running job before a graceful shutdown', async () => {
    const env = await serverEnv();
    const server = new ServerProcess(await freePort(), env);
    cleanups.push(() => void server.stop('SIGKILL'));
    await server.start();
    const client = new TestClient(server.url);
    await client.signUp('graceful@example.org');
    const queued = await client.post('/api/test/jobs/sleep', { ms: 1500 });
    const jobId = queued.body.jobId as string;
    await waitForJob(client, jobId, ['processing'], 30_000);
    expect(await server.stop('SIGTERM')).toBe(0);

    const again = new ServerProcess(server.port, env);
    cleanups.push(async () => void (await again.stop('SIGTERM')));
    await again.start();
    const job = await client.get(`/api/jobs/${jobId}`);
    expect(job.body).toMatchObject({ status: 'completed', attempts: 1 });
  });
});
