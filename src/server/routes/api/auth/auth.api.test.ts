import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { MESSAGES } from '../../../../shared/auth/sign-up-rules';
import { SIGN_UP_FAILED } from './auth-errors';

const kinds = await testDatabaseKinds();

describe.each(kinds)('auth and security on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { ADMIN_EMAILS: 'boss@example.org' });
  });
  afterAll(() => server.close());

  it('signs up, keeps the session and reports the user', async () => {
    const client = server.client();
    const signUp = await client.signUp('ada@example.org', 'analytical engine', 'Ada');
    expect(signUp.body).toMatchObject({ user: { email: 'ada@example.org', name: 'Ada' } });
    const me = await client.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ user: { email: 'ada@example.org', isAdmin: false } });
  });

  it('signs in with the right password only', async () => {
    await server.client().signUp('grace@example.org', 'cobol forever');
    const wrong = await server
      .client()
      .post('/api/auth/sign-in/email', { email: 'grace@example.org', password: 'nope nope' });
    expect(wrong.status).toBe(401);

    const client = server.client();
    const right = await client.post('/api/auth/sign-in/email', {
      email: 'grace@example.org',
      password: 'cobol forever',
    });
    expect(right.status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('refuses a second account without saying that the address is registered', async () => {
    await server.client().signUp('dup@example.org');
    const again = await server.client().post('/api/auth/sign-up/email', {
      email: 'DUP@example.org',
      password: 'another password',
      name: 'Dup',
    });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ error: SIGN_UP_FAILED, code: 'SIGN_UP_FAILED' });
    expect(again.text).not.toMatch(/exist/i);
  });

  it.each([
    [{ name: '', email: 'a@example.org', password: 'long enough 1' }, 'Please enter your name'],
    [{ name: '   ', email: 'a@example.org', password: 'long enough 1' }, 'Please enter your name'],
    [{ email: 'a@example.org', password: 'long enough 1' }, 'Please enter your name'],
    [{ name: 'A', email: 'not an address', password: 'long enough 1' }, MESSAGES.emailInvalid],
    [{ name: 'A', email: 'a@example', password: 'long enough 1' }, MESSAGES.emailInvalid],
    [{ name: 'A', password: 'long enough 1' }, MESSAGES.emailInvalid],
    [{ name: 'A', email: 'a@example.org', password: '123' }, MESSAGES.passwordTooShort],
    [{ name: 'A', email: 'a@example.org', password: '12345678' }, MESSAGES.passwordTooCommon],
    [{ name: 'A', email: 'a@example.org', password: 'password' }, MESSAGES.passwordTooCommon],
    [{ name: 'A', email: 'a@example.org', password: 'Password1' }, MESSAGES.passwordTooCommon],
    [{ name: 'A', email: 'a@example.org', password: 'iloveyou' }, MESSAGES.passwordTooCommon],
    [
      { name: 'A', email: 'ada.l@example.org', password: 'ADA.L@example.org' },
      MESSAGES.passwordIsEmail,
    ],
    ['not an object', 'Invalid request'],
  ])('refuses sign-up %j with a plain message', async (body, message) => {
    const response = await server.client().post('/api/auth/sign-up/email', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
  });

  it('stores the name and address trimmed', async () => {
    const client = server.client();
    await client.post('/api/auth/sign-up/email', {
      name: '  Emmy Noether ',
      email: ' Emmy@Example.org ',
      password: 'invariant theory',
    });
    expect((await client.get('/api/me')).body).toMatchObject({
      user: { name: 'Emmy Noether', email: 'emmy@example.org' },
    });
  });

  it('holds a changed password and a new name to the sign-up rules', async () => {
    const client = server.client();
    await client.signUp('changer@example.org', 'first good one');
    const common = await client.post('/api/auth/change-password', {
      currentPassword: 'first good one',
      newPassword: 'password1',
    });
    expect(common.status).toBe(400);
    expect(common.body).toEqual({ error: MESSAGES.passwordTooCommon });
    const changed = await client.post('/api/auth/change-password', {
      currentPassword: 'first good one',
      newPassword: 'second good one',
    });
    expect(changed.status).toBe(200);

    const blank = await client.post('/api/auth/update-user', { name: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ error: MESSAGES.nameMissing });
    expect((await client.post('/api/auth/update-user', { name: ' Changer ' })).status).toBe(200);
    expect((await client.get('/api/me')).body).toMatchObject({ user: { name: 'Changer' } });
  });

  it('answers auth errors as {error} like every other route', async () => {
    const badSignIn = await server
      .client()
      .post('/api/auth/sign-in/email', { email: 'nobody', password: 'x' });
    expect(badSignIn.status).toBe(400);
    expect(badSignIn.body).toEqual({ error: MESSAGES.emailInvalid });
    const noPassword = await server
      .client()
      .post('/api/auth/sign-in/email', { email: 'nobody@example.org', password: '' });
    expect(noPassword.body).toEqual({ error: MESSAGES.passwordMissing });
    const unknownRoute = await server.client().post('/api/auth/no-such-thing', {});
    expect(unknownRoute.status).toBe(404);
    expect(unknownRoute.body).toHaveProperty('error');
    expect(unknownRoute.body).not.toHaveProperty('message');
  });

  it('signs out', async () => {
    const client = await server.signedInClient();
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('marks users listed in ADMIN_EMAILS as admins', async () => {
    const client = server.client();
    await client.signUp('Boss@Example.org');
    expect((await client.get('/api/me')).body).toMatchObject({ user: { isAdmin: true } });
  });

  it('requires a session on every private route and leaves health public', async () => {
    const anonymous = server.client();
    for (const [method, path] of [
      ['GET', '/api/me'],
      ['GET', '/api/papers'],
      ['POST', '/api/papers'],
      ['GET', '/api/jobs'],
    ] as const) {
      const response = await anonymous.request(method, path, method === 'POST' ? {} : undefined);
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body).toEqual({ error: 'Not signed in' });
    }
    expect((await anonymous.get('/api/health')).body).toEqual({ status: 'ok', database: kind });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await server.client().get('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Not found' });
  });

  it('rejects malformed JSON with a message and no stack trace', async () => {
    const client = await server.signedInClient();
    const response = await client.request('POST', '/api/papers', undefined, '{"title": ');
    expect(response.status).toBe(400);
    expect(response.body).toHaveProperty('error');
    expect(response.text).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('sends security headers', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe('limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      BODY_LIMIT_MB: '0.01',
      AUTH_RATE_LIMIT_PER_MINUTE: '3',
    });
  });
  afterAll(() => server.close());

  it('rejects bodies over the limit with 413', async () => {
    const client = await server.signedInClient();
    const response = await client.post('/api/papers', {
      title: 'Big',
      type: 'essay',
      content: 'x'.repeat(20_000),
    });
    expect(response.status).toBe(413);
    expect(response.body).toHaveProperty('error');
  });

  it('never rate-limits reading the session, which every page load does', async () => {
    const client = await server.signedInClient();
    for (let i = 0; i < 8; i += 1) {
      const response = await client.get('/api/auth/get-session');
      expect(response.status).toBe(200);
      expect(response.body).toHaveProperty('user.email');
    }
  });

  it('rate-limits the auth routes', async () => {
    const client = server.client();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await client.post('/api/auth/sign-in/email', {
        email: 'nobody@example.org',
        password: 'whatever123',
      });
      statuses.push(response.status);
    }
    expect(statuses).toContain(429);
  });
});
