import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import { testDatabaseKinds } from '../testing/test-databases';
import type { TestClient } from '../testing/test-client';

const kinds = await testDatabaseKinds();

describe.each(kinds)('session lookups on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  /** A request as another copy of the same browser profile would send it: the bare cookie. */
  const withCookie = (cookie: string, path: string) =>
    fetch(`${server.url}${path}`, { headers: { cookie } });

  async function queriesOf(request: () => Promise<unknown>): Promise<string[]> {
    const queries: string[] = [];
    const stop = server.context.database.queryLog.watch((query) => queries.push(query));
    try {
      await request();
    } finally {
      stop();
    }
    return queries;
  }

  async function signedInTwice(email: string): Promise<[TestClient, TestClient]> {
    const first = server.client();
    await first.signUp(email, 'two browsers here');
    const second = server.client();
    const signIn = await second.post('/api/auth/sign-in/email', {
      email,
      password: 'two browsers here',
    });
    expect(signIn.status).toBe(200);
    return [first, second];
  }

  it('reads a paper with one query once the session is known', async () => {
    const client = await server.signedInClient();
    const created = await client.post('/api/papers', { title: 'Known', type: 'essay' });
    const path = `/api/papers/${String(created.body.id)}`;
    await client.get(path);
    const queries = await queriesOf(async () => expect((await client.get(path)).status).toBe(200));
    expect(queries, queries.join('\n---\n')).toHaveLength(1);
    expect(queries[0]).toMatch(/^select [\s\S]* from "papers"/);
  });

  it('refuses a signed-out session at once, whichever copy of the cookie comes back', async () => {
    const client = await server.signedInClient();
    const cookie = client.cookieHeader();
    expect((await withCookie(cookie, '/api/me')).status).toBe(200);
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    const after = await withCookie(cookie, '/api/me');
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: 'Not signed in' });
  });

  it('refuses revoked sessions at once and keeps the one that revoked them', async () => {
    const [first, second] = await signedInTwice('revoker@example.org');
    expect((await second.get('/api/me')).status).toBe(200);
    expect((await first.post('/api/auth/revoke-other-sessions')).status).toBe(200);
    expect((await second.get('/api/me')).status).toBe(401);
    expect((await first.get('/api/me')).status).toBe(200);
  });

  it('refuses the other sessions at once after a password change that revokes them', async () => {
    const [first, second] = await signedInTwice('changer@example.org');
    expect((await second.get('/api/me')).status).toBe(200);
    const changed = await first.post('/api/auth/change-password', {
      currentPassword: 'two browsers here',
      newPassword: 'a brand new secret',
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    expect((await second.get('/api/me')).status).toBe(401);
  });

  it('shows a new name on the next request', async () => {
    const client = await server.signedInClient('Old Name');
    expect((await client.get('/api/me')).body).toMatchObject({ user: { name: 'Old Name' } });
    expect((await client.post('/api/auth/update-user', { name: 'New Name' })).status).toBe(200);
    expect((await client.get('/api/me')).body).toMatchObject({ user: { name: 'New Name' } });
  });
});
