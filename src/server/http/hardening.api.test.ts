import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';
import { testDatabaseKinds } from '../testing/test-databases';
import type { TestClient } from '../testing/test-client';
import { CROSS_SITE_REFUSED } from './origin-check';
import { NUL_MESSAGE, TOO_DEEP_MESSAGE } from './input-guard';
import { PERMISSIONS_POLICY } from './response-headers';

const kinds = await testDatabaseKinds();

/** `depth` arrays inside each other, as text: JSON.stringify itself overflows at this depth. */
function nestedJson(depth: number): string {
  return `${'['.repeat(depth)}"bottom"${']'.repeat(depth)}`;
}

describe.each(kinds)('input hardening on %s', (kind) => {
  let server: TestServer;
  let client: TestClient;
  let paperId: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    client = await server.signedInClient();
    const created = await client.post('/api/papers', {
      title: 'Kept',
      type: 'essay',
      content: 'Original text',
    });
    paperId = String(created.body.id);
  });
  afterAll(() => server.close());

  const paper = () => ({ title: 'T', type: 'essay' });
  const cases: [string, string, () => string, () => unknown, string][] = [
    ['POST', 'title', () => '/api/papers', () => ({ ...paper(), title: 'a\0b' }), 'title'],
    [
      'POST',
      'description',
      () => '/api/papers',
      () => ({ ...paper(), description: '\0' }),
      'description',
    ],
    [
      'POST',
      'methodology',
      () => '/api/papers',
      () => ({ ...paper(), methodology: 'x\0' }),
      'methodology',
    ],
    ['POST', 'field', () => '/api/papers', () => ({ ...paper(), field: 'bio\0' }), 'field'],
    ['POST', 'content', () => '/api/papers', () => ({ ...paper(), content: 'text\0' }), 'content'],
    ['POST', 'language', () => '/api/papers', () => ({ ...paper(), language: 'e\0n' }), 'language'],
    ['PUT', 'title', () => `/api/papers/${paperId}`, () => ({ title: '\0' }), 'title'],
    ['PUT', 'content', () => `/api/papers/${paperId}`, () => ({ content: 'Changed\0' }), 'content'],
    [
      'PUT',
      'a citation value',
      () => `/api/papers/${paperId}`,
      () => ({ citations: [{ refId: 'ref_abcdefgh', title: 'T\0' }] }),
      'citations.0.title',
    ],
    [
      'PUT',
      'a citation key',
      () => `/api/papers/${paperId}`,
      () => ({ citations: [{ refId: 'ref_abcdefgh', ['ti\0tle']: 'T' }] }),
      'citations.0',
    ],
    [
      'POST',
      'Save As name',
      () => '/api/paper/save-as',
      () => ({ originalPaperId: paperId, newName: 'Copy\0', content: 'x' }),
      'newName',
    ],
    [
      'POST',
      'autosave content',
      () => '/api/autosave',
      () => ({ paperId, title: 'Kept', content: 'Draft\0' }),
      'content',
    ],
    ['POST', 'search query', () => '/api/search', () => ({ q: 'cells\0' }), 'q'],
    ['POST', 'citation DOI', () => '/api/citation', () => ({ doi: '10.1/\0' }), 'doi'],
    [
      'POST',
      'imported references',
      () => `/api/papers/${paperId}/references/import`,
      () => ({ text: '@article{a\0, title={T}}' }),
      'text',
    ],
    [
      'PUT',
      'search filters',
      () => '/api/settings/search-filters',
      () => ({ filters: { includeText: '\0' } }),
      'filters.includeText',
    ],
    [
      'POST',
      'sign-up name',
      () => '/api/auth/sign-up/email',
      () => ({ name: 'Ada\0', email: 'nul@example.org', password: 'long enough 1' }),
      'name',
    ],
  ];

  it.each(cases)(
    '%s with NUL in %s answers 400 and names the field',
    async (method, _what, url, body, field) => {
      const response = await client.request(method, url(), body());
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: `${field}: ${NUL_MESSAGE}` });
    },
  );

  it('refuses NUL in a query string', async () => {
    const response = await client.get('/api/papers?search=a%00b');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: `search: ${NUL_MESSAGE}` });
  });

  it('loses nothing: the paper is as it was', async () => {
    const response = await client.get(`/api/papers/${paperId}`);
    expect(response.body).toMatchObject({ title: 'Kept', content: 'Original text' });
  });

  it('answers 400, never 500, to a 5,000-level nested array inside a citation', async () => {
    const response = await client.request(
      'PUT',
      `/api/papers/${paperId}`,
      undefined,
      `{"citations":[{"refId":"ref_abcdefgh","authors":${nestedJson(5000)}}]}`,
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: TOO_DEEP_MESSAGE });
    const deeper = await client.request(
      'POST',
      '/api/search',
      undefined,
      `{"q":"x","documentTypes":${nestedJson(200_000)}}`,
    );
    expect(deeper.status).toBe(400);
  });

  it('accepts nesting as deep as real requests go', async () => {
    const response = await client.put(`/api/papers/${paperId}`, { citations: [] });
    expect(response.status).toBe(200);
  });

  it.each([[true], [[1]], ['5'], [null], [{}]])(
    'refuses search n = %j: numbers only',
    async (n) => {
      const response = await client.post('/api/search', { q: 'cells', n });
      expect(response.status).toBe(400);
      expect(response.body).toHaveProperty('error');
    },
  );

  it('still accepts a numeric n', async () => {
    const response = await client.post('/api/search', { q: 'cells', n: 5 });
    expect(response.status).toBe(200);
  });
});

describe.each(kinds)('request origin and response headers on %s', (kind) => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer(kind);
    client = await server.signedInClient();
  });
  afterAll(() => server.close());

  const send = (method: string, url: string, origin: string | undefined, body?: unknown) =>
    fetch(`${server.url}${url}`, {
      method,
      headers: {
        cookie: client.cookieHeader(),
        'content-type': 'application/json',
        ...(origin === undefined ? {} : { origin }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('refuses POST, PUT and DELETE from another site', async () => {
    const created = await client.post('/api/papers', { title: 'Mine', type: 'essay' });
    const id = String(created.body.id);
    for (const [method, url, body] of [
      ['POST', '/api/papers', { title: 'Forged', type: 'essay' }],
      ['PUT', `/api/papers/${id}`, { title: 'Forged' }],
      ['DELETE', `/api/papers/${id}`, undefined],
    ] as const) {
      for (const origin of [
        'https://evil.example',
        'null',
        `http://evil.example:${new URL(server.url).port}`,
      ]) {
        const response = await send(method, url, origin, body);
        expect(response.status, `${method} ${url} from ${origin}`).toBe(403);
        expect(await response.json()).toEqual({ error: CROSS_SITE_REFUSED });
      }
    }
    const list = (await client.get('/api/papers')).body as { title: string }[];
    expect(list.map((paper) => paper.title)).toEqual(['Mine']);
  });

  it('lets same-origin requests and clients without Origin through', async () => {
    expect(
      (await send('POST', '/api/papers', server.url, { title: 'A', type: 'essay' })).status,
    ).toBe(201);
    expect(
      (await send('POST', '/api/papers', undefined, { title: 'B', type: 'essay' })).status,
    ).toBe(201);
    expect((await send('GET', '/api/papers', 'https://evil.example')).status).toBe(200);
  });

  it('marks API answers no-store and sends a Permissions-Policy everywhere', async () => {
    for (const url of ['/api/me', '/api/papers', '/api/health', '/api/no-such-route', '/']) {
      const response = await fetch(`${server.url}${url}`, {
        headers: { cookie: client.cookieHeader() },
      });
      expect(response.headers.get('permissions-policy'), url).toBe(PERMISSIONS_POLICY);
      if (url.startsWith('/api/'))
        expect(response.headers.get('cache-control'), url).toBe('no-store');
    }
    const signIn = await client.post('/api/auth/sign-in/email', {
      email: 'nobody@example.org',
      password: 'whatever123',
    });
    expect(signIn.headers.get('cache-control')).toBe('no-store');
  });
});

describe('origin check with PUBLIC_URL, and source maps in production', () => {
  const publicUrl = 'https://scriptor.example.org';
  let server: TestServer;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'scriptor-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Scriptor</title>');
    writeFileSync(
      path.join(clientDir, 'assets/app.js'),
      'console.log(1);\n//# sourceMappingURL=app.js.map',
    );
    writeFileSync(
      path.join(clientDir, 'assets/app.js.map'),
      '{"version":3,"sources":["src/secret.ts"]}',
    );
    server = await startTestServer(
      'pglite',
      { NODE_ENV: 'production', PUBLIC_URL: publicUrl },
      { clientDir },
    );
  });
  afterAll(async () => {
    await server.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('allows exactly PUBLIC_URL as Origin', async () => {
    const post = (origin: string) =>
      fetch(`${server.url}/api/papers`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: '{}',
      });
    expect((await post(server.url)).status).toBe(403);
    expect((await post('http://scriptor.example.org')).status).toBe(403);
    // The right origin reaches the session check, which has no session to find.
    expect((await post(publicUrl)).status).toBe(401);
  });

  it('serves the app but not its source maps', async () => {
    expect((await fetch(`${server.url}/assets/app.js`)).status).toBe(200);
    const map = await fetch(`${server.url}/assets/app.js.map`);
    expect(map.status).toBe(404);
    expect(await map.text()).not.toContain('secret.ts');
  });
});
