import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { TestClient } from '../../../testing/test-client';

const kinds = await testDatabaseKinds();
// Each test makes dozens of password checks, which take seconds on a busy machine.
vi.setConfig({ testTimeout: 180_000 });
const WAIT_MESSAGE = /^Too many requests\. Please try again in \d+ (seconds?|minutes)\.$/;

let addressCounter = 0;
/** A client at an address of its own, as seen through the test server's trusted proxy. */
const clientAt = (server: TestServer) => {
  addressCounter += 1;
  return new TestClient(server.url, `192.0.2.${addressCounter % 250}`);
};

describe.each(kinds)('sign-in and sign-up limits on %s', (kind) => {
  describe('behind a trusted proxy', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind, {
        TRUSTED_PROXIES: 'loopback',
        AUTH_FAILED_SIGNIN_LIMIT: '10',
      });
    });
    afterAll(() => server.close());

    it('locks an account after 10 failed sign-ins, whatever address each guess comes from', async () => {
      await server.client().signUp('victim@example.org', 'the real password');
      const statuses: number[] = [];
      let lastRefusal: Awaited<ReturnType<TestClient['post']>> | undefined;
      for (let i = 0; i < 40; i += 1) {
        const response = await new TestClient(server.url, `198.51.100.${i + 1}`).post(
          '/api/auth/sign-in/email',
          { email: 'victim@example.org', password: `guess number ${i}` },
        );
        statuses.push(response.status);
        if (response.status === 429) lastRefusal = response;
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual(Array(30).fill(429));
      expect(lastRefusal?.body.error).toMatch(WAIT_MESSAGE);
      expect(Number(lastRefusal?.headers.get('retry-after'))).toBeGreaterThan(0);

      // Locked means locked: the right password waits too, and the letter case of the
      // address changes nothing.
      const right = await clientAt(server).post('/api/auth/sign-in/email', {
        email: 'Victim@Example.org',
        password: 'the real password',
      });
      expect(right.status).toBe(429);
    });

    it('keeps other accounts usable while one is locked', async () => {
      const client = server.client();
      await client.signUp('bystander@example.org', 'another real one');
      const response = await clientAt(server).post('/api/auth/sign-in/email', {
        email: 'bystander@example.org',
        password: 'another real one',
      });
      expect(response.status).toBe(200);
    });

    it('forgets failures after a successful sign-in', async () => {
      await server.client().signUp('forgetful@example.org', 'finally right');
      const client = clientAt(server);
      for (let round = 0; round < 2; round += 1) {
        for (let i = 0; i < 9; i += 1) {
          const wrong = await client.post('/api/auth/sign-in/email', {
            email: 'forgetful@example.org',
            password: `wrong ${i}`,
          });
          expect(wrong.status).toBe(401);
        }
        const right = await clientAt(server).post('/api/auth/sign-in/email', {
          email: 'forgetful@example.org',
          password: 'finally right',
        });
        expect(right.status).toBe(200);
      }
    });
  });

  describe('per forwarded client address', () => {
    let limited: TestServer;
    beforeAll(async () => {
      limited = await startTestServer(kind, {
        TRUSTED_PROXIES: 'loopback',
        AUTH_RATE_LIMIT_PER_MINUTE: '3',
      });
    });
    afterAll(() => limited.close());

    it('counts auth requests per client address that the trusted proxy forwards', async () => {
      const first = clientAt(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await first.post('/api/auth/sign-in/email', {
          email: `nobody${i}@example.org`,
          password: 'whatever123',
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const second = await clientAt(limited).post('/api/auth/sign-in/email', {
        email: 'nobody@example.org',
        password: 'whatever123',
      });
      expect(second.status).toBe(401);
    });
  });

  describe('with PUBLIC_URL set and no trusted proxy', () => {
    const publicUrl = 'http://scriptor.test';
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind, { PUBLIC_URL: publicUrl, TRUSTED_PROXIES: '' });
    });
    afterAll(() => server.close());

    /** A request as a browser on PUBLIC_URL sends it, with a forged X-Forwarded-For. */
    const post = (path: string, body: unknown, forwardedFor: string) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          origin: publicUrl,
          'content-type': 'application/json',
          'x-forwarded-for': forwardedFor,
        },
        body: JSON.stringify(body),
      });

    it('ignores a forged X-Forwarded-For: 40 sign-ins from one client hit the per-client limit', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i += 1) {
        const response = await post(
          '/api/auth/sign-in/email',
          { email: `stranger${i}@example.org`, password: 'guessing123' },
          `203.0.113.${i + 1}`,
        );
        statuses.push(response.status);
      }
      // AUTH_RATE_LIMIT_PER_MINUTE (30) for the one real client, each e-mail tried once.
      expect(statuses.filter((status) => status === 401)).toHaveLength(30);
      expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    });
  });

  describe('sign-ups per client', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind, {
        TRUSTED_PROXIES: '',
        AUTH_SIGNUPS_PER_HOUR: '20',
        AUTH_RATE_LIMIT_PER_MINUTE: '100',
      });
    });
    afterAll(() => server.close());

    it('stops a client after 20 sign-ups an hour, however it rotates its headers', async () => {
      const statuses: number[] = [];
      let refusal: unknown;
      for (let i = 0; i < 24; i += 1) {
        const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: {
            origin: server.url,
            'content-type': 'application/json',
            'x-forwarded-for': `203.0.113.${i + 1}`,
            'x-real-ip': `203.0.113.${i + 1}`,
          },
          body: JSON.stringify({
            name: `Bot ${i}`,
            email: `bot${i}@example.org`,
            password: 'not so common 1',
          }),
        });
        statuses.push(response.status);
        if (response.status === 429) refusal = await response.json();
      }
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
      expect(statuses.slice(20)).toEqual(Array(4).fill(429));
      expect(refusal).toEqual({ error: expect.stringMatching(WAIT_MESSAGE) });
    });
  });
});

describe('the documented sign-in limit is the real one (production settings)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      NODE_ENV: 'production',
      AUTH_RATE_LIMIT_PER_MINUTE: '5',
    });
  });
  afterAll(() => server.close());

  it('lets three wrong passwords and then the right one through', async () => {
    await server.client().signUp('typo@example.org', 'finger trouble');
    const client = server.client();
    for (let i = 0; i < 3; i += 1) {
      const wrong = await client.post('/api/auth/sign-in/email', {
        email: 'typo@example.org',
        password: `finger trouble${i}`,
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({
        error: 'Invalid email or password',
        code: 'INVALID_EMAIL_OR_PASSWORD',
      });
    }
    const right = await client.post('/api/auth/sign-in/email', {
      email: 'typo@example.org',
      password: 'finger trouble',
    });
    expect(right.status).toBe(200);
  });

  it('says how long to wait once AUTH_RATE_LIMIT_PER_MINUTE is used up', async () => {
    const client = server.client();
    const responses = [];
    for (let i = 0; i < 6; i += 1) {
      responses.push(
        await client.post('/api/auth/sign-in/email', {
          email: `someone${i}@example.org`,
          password: 'whatever123',
        }),
      );
    }
    expect(responses.map((response) => response.status)).toEqual([401, 401, 401, 401, 401, 429]);
    const refused = responses[5]!;
    expect(refused.body).toEqual({ error: expect.stringMatching(WAIT_MESSAGE) });
    const seconds = Number(/in (\d+) seconds/.exec(String(refused.body.error))?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.headers.get('retry-after')).toBe(String(seconds));
  });
});
