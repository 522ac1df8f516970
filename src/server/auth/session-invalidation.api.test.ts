import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ServerProcess } from '../testing/server-process';
import { TestClient } from '../testing/test-client';
import { createPostgresDatabase, testDatabaseKinds } from '../testing/test-databases';
import { startTestServer, type TestServer } from '../testing/test-server';

const kinds = await testDatabaseKinds();

/** The same signed-in person's cookie, sent to another process. */
async function getWith(url: string, cookie: string, route: string): Promise<number> {
  const response = await fetch(`${url}${route}`, { headers: { cookie } });
  await response.arrayBuffer();
  return response.status;
}

// Two web processes on one PostgreSQL (PGlite is opened by one process only): a sign-out or a
// removal in one must hold in the other at once, not after the session cache's 30 s.
describe.runIf(kinds.includes('postgres'))('two processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let first: TestServer;
  let second: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'scriptor-sessions-'));
    // One secret, as processes of one deployment share it: a cookie of one is valid in both.
    const secret = 'session-invalidation-test-secret-0123456789';
    first = await startTestServer('pglite', { DATABASE_URL: database.url, AUTH_SECRET: secret });
    second = new ServerProcess(await freePort(), {
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      CORPUS_AUTOLOAD: 'off',
      DATABASE_URL: database.url,
      AUTH_SECRET: secret,
    });
    await second.start();
  });
  afterAll(async () => {
    await second?.stop();
    await first?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a session signed out in one process is refused by the other at once', async () => {
    const alice = await first.signedInClient('Alice');
    const cookie = alice.cookieHeader();
    // The second process now remembers the session.
    expect(await getWith(second.url, cookie, '/api/papers')).toBe(200);
    expect(await getWith(second.url, cookie, '/api/papers')).toBe(200);
    expect((await alice.post('/api/auth/sign-out')).status).toBe(200);
    await expect
      .poll(() => getWith(second.url, cookie, '/api/papers'), { timeout: 5000 })
      .toBe(401);
  });

  it('a co-author removed in one process loses the paper in the other at once', async () => {
    const owner = await first.signedInClient('Olivia');
    const member = new TestClient(second.url);
    await member.signUp(`member-${Date.now()}@example.org`, undefined, 'Mo');
    const email = ((await member.get('/api/me')).body.user as { email: string; id: string }).email;
    const memberId = ((await member.get('/api/me')).body.user as { id: string }).id;
    const paper = await owner.post('/api/papers', { title: 'Shared', type: 'scientific' });
    const paperId = paper.body.id as string;
    await owner.post(`/api/papers/${paperId}/members`, { email, role: 'editor' });
    expect((await member.get(`/api/papers/${paperId}`)).status).toBe(200);
    await owner.delete(`/api/papers/${paperId}/members/${memberId}`);
    expect((await member.get(`/api/papers/${paperId}`)).status).toBe(404);
    expect((await member.put(`/api/papers/${paperId}`, { content: 'Too late' })).status).toBe(404);
  });
});
