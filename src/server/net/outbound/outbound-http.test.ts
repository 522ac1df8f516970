import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer } from '../../testing/fake-http-server';
import { guardedLookup } from './guarded-lookup';
import { OutboundBudget } from './outbound-budget';
import { OutboundError } from './outbound-error';
import { MAX_REDIRECTS, OutboundHttp } from './outbound-http';

type Fake = Awaited<ReturnType<typeof startFakeHttpServer>>;

/** A service on this machine that no user may reach: it must never see a request. */
let internal: Fake;
/** The operator's configured endpoint (on loopback, as in the tests and many installs). */
let configured: Fake;
let outbound: OutboundHttp;
const routes = new Map<string, (response: ServerResponse) => void>();

beforeAll(async () => {
  internal = await startFakeHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"secret":"internal"}');
  });
  configured = await startFakeHttpServer((request, response) => {
    const handle = routes.get(request.url.pathname);
    if (handle) return handle(response);
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('Not found');
  });
  outbound = new OutboundHttp({ trustedOrigins: [configured.url] });
});
afterAll(async () => {
  await internal.close();
  await configured.close();
});
beforeEach(() => {
  routes.clear();
  internal.requests.length = 0;
  configured.requests.length = 0;
});

function answer(type: string, body: string | Buffer, headers: Record<string, string> = {}) {
  return (response: ServerResponse) => {
    response.writeHead(200, { 'content-type': type, ...headers });
    response.end(body);
  };
}

function redirect(location: string, status = 302) {
  return (response: ServerResponse) => {
    // A Location header is ASCII: servers send other characters percent-encoded.
    const ascii = location.replace(/[^\x20-\x7e]/gu, (c) => encodeURIComponent(c));
    response.writeHead(status, { location: ascii });
    response.end();
  };
}

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof OutboundError)) throw new Error(`Expected an OutboundError: ${error}`);
  return error;
}

const JSON_ONLY = { accept: ['application/json'] };

describe('OutboundHttp', () => {
  it('reads an answer of the expected type from a configured endpoint', async () => {
    routes.set('/works', answer('application/json; charset=utf-8', '{"ok":true}'));
    const response = await outbound.request(`${configured.url}/works`, JSON_ONLY);
    expect(response).toMatchObject({ status: 200, body: '{"ok":true}' });
    expect(configured.requests[0]?.headers.accept).toBe('application/json');
  });

  it('refuses loopback, private and metadata addresses that were not configured', async () => {
    for (const url of [
      internal.url,
      `${internal.url.replace('127.0.0.1', '2130706433')}/decimal`,
      `${internal.url.replace('127.0.0.1', '[::ffff:127.0.0.1]')}/mapped`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
    ]) {
      expect((await failure(outbound.request(url, JSON_ONLY))).failure).toBe('refused-address');
    }
    expect(internal.requests).toHaveLength(0);
  });

  it('refuses a name that resolves to a non-public address, after resolving it', async () => {
    const port = new URL(internal.url).port;
    const error = await failure(outbound.request(`http://localhost:${port}/`, JSON_ONLY));
    expect(error.failure).toBe('refused-address');
    expect(error.message).toMatch(/^localhost is not a public address: (127\.0\.0\.1|::1)/);
    expect(internal.requests).toHaveLength(0);
  });

  it('refuses a redirect from a configured endpoint to an address that is not configured', async () => {
    for (const status of [301, 302, 303, 307, 308]) {
      routes.set('/hop', redirect(`${internal.url}/internal-secret`, status));
      const error = await failure(outbound.request(`${configured.url}/hop`, JSON_ONLY));
      expect(error.failure).toBe('refused-address');
    }
    routes.set('/relative', redirect(`//localhost:${new URL(internal.url).port}/x`));
    expect((await failure(outbound.request(`${configured.url}/relative`, JSON_ONLY))).failure).toBe(
      'refused-address',
    );
    expect(internal.requests).toHaveLength(0);
  });

  it('follows redirects within the configured endpoint, and no further than the limit', async () => {
    routes.set('/old', redirect('/new'));
    routes.set('/new', answer('application/json', '[]'));
    const moved = await outbound.request(`${configured.url}/old`, JSON_ONLY);
    expect(moved).toMatchObject({ status: 200, body: '[]' });
    expect(moved.url.pathname).toBe('/new');

    routes.set('/loop', redirect('/loop'));
    const error = await failure(outbound.request(`${configured.url}/loop`, JSON_ONLY));
    expect(error.failure).toBe('too-many-redirects');
    expect(configured.requests.filter((r) => r.url.pathname === '/loop')).toHaveLength(
      MAX_REDIRECTS + 1,
    );
  });

  it('turns a POST into a GET after a 303, and keeps it after a 307', async () => {
    routes.set('/see-other', redirect('/answer', 303));
    routes.set('/temporary', redirect('/answer', 307));
    routes.set('/answer', answer('application/json', '{}'));
    const post = {
      ...JSON_ONLY,
      method: 'POST' as const,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'id=1',
    };
    await outbound.request(`${configured.url}/see-other`, post);
    await outbound.request(`${configured.url}/temporary`, post);
    const answers = configured.requests.filter((r) => r.url.pathname === '/answer');
    expect(answers.map((r) => [r.method, r.headers['content-type']])).toEqual([
      ['GET', undefined],
      ['POST', 'application/x-www-form-urlencoded'],
    ]);
  });

  it('fetches only http and https', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.org/', 'data:text/plain,hi']) {
      expect((await failure(outbound.request(url, JSON_ONLY))).failure).toBe('refused-url');
    }
    routes.set('/to-file', redirect('file:///etc/passwd'));
    expect((await failure(outbound.request(`${configured.url}/to-file`, JSON_ONLY))).failure).toBe(
      'refused-url',
    );
  });

  it('never returns a body of a type the caller did not expect', async () => {
    routes.set('/text', answer('text/plain', 'internal secret'));
    routes.set('/untyped', (response) => response.end('no type'));
    for (const path of ['/text', '/untyped']) {
      const error = await failure(outbound.request(`${configured.url}${path}`, JSON_ONLY));
      expect(error.failure).toBe('unexpected-content-type');
      expect(error.message).not.toContain('internal secret');
    }
    routes.set('/atom', answer('application/atom+xml', '<feed/>'));
    const atom = await outbound.request(`${configured.url}/atom`, { accept: ['+xml'] });
    expect(atom.body).toBe('<feed/>');
  });

  it('caps the body size whether or not the length is declared', async () => {
    const big = Buffer.alloc(2048, 'a');
    routes.set('/declared', answer('application/json', big));
    routes.set('/chunked', (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < 8; i += 1) response.write(big);
      response.end();
    });
    for (const path of ['/declared', '/chunked']) {
      const error = await failure(
        outbound.request(`${configured.url}${path}`, { ...JSON_ONLY, maxBytes: 1024 }),
      );
      expect(error.failure).toBe('too-large');
    }
  });

  it('gives up after its time limit, the body included', async () => {
    routes.set('/silent', () => undefined);
    routes.set('/trickle', (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
    });
    for (const path of ['/silent', '/trickle']) {
      const error = await failure(
        outbound.request(`${configured.url}${path}`, { ...JSON_ONLY, timeoutMs: 200 }),
      );
      expect(error.failure).toBe('timeout');
    }
  });

  it('hands back other statuses without reading their body', async () => {
    const response = await outbound.request(`${configured.url}/missing`, JSON_ONLY);
    expect(response).toMatchObject({ status: 404, body: null });
  });

  it('keeps keys and tokens from a host the request is redirected to', async () => {
    const other = await startFakeHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
    try {
      const both = new OutboundHttp({ trustedOrigins: [configured.url, other.url] });
      routes.set('/away', redirect(`${other.url}/landing`));
      await both.request(`${configured.url}/away`, {
        ...JSON_ONLY,
        headers: { 'x-api-key': 'secret-key', 'user-agent': 'Scriptor' },
      });
      expect(configured.requests[0]?.headers['x-api-key']).toBe('secret-key');
      expect(other.requests[0]?.headers['x-api-key']).toBeUndefined();
      expect(other.requests[0]?.headers['user-agent']).toBe('Scriptor');
    } finally {
      await other.close();
    }
  });

  it('spends one lookup of the request budget per call and refuses beyond it', async () => {
    routes.set('/ok', answer('application/json', '1'));
    const budget = new OutboundBudget(2);
    await outbound.request(`${configured.url}/ok`, { ...JSON_ONLY, budget });
    await outbound.request(`${configured.url}/ok`, { ...JSON_ONLY, budget });
    const error = await failure(outbound.request(`${configured.url}/ok`, { ...JSON_ONLY, budget }));
    expect(error.failure).toBe('limit-reached');
    expect(configured.requests).toHaveLength(2);
  });
});

/** The probe's cases and later ones (fixtures/ssrf-probes.txt). */
const PROBES = readFileSync(new URL('./fixtures/ssrf-probes.txt', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

describe('the SSRF probe corpus', () => {
  it.each(PROBES)('refuses %s, directly and as a redirect target', async (probe) => {
    const url = probe.replaceAll('{port}', new URL(internal.url).port);
    const direct = await failure(outbound.request(url, JSON_ONLY));
    routes.set('/probe', redirect(url));
    const redirected = await failure(outbound.request(`${configured.url}/probe`, JSON_ONLY));
    for (const error of [direct, redirected]) {
      // A name this machine cannot resolve at all ('localhost.' here) reaches nothing either.
      const unresolved = error.failure === 'unreachable' && error.message.includes('ENOTFOUND');
      expect(unresolved || ['refused-address', 'refused-url'].includes(error.failure)).toBe(true);
    }
    expect(internal.requests).toHaveLength(0);
  });
});

describe('guardedLookup', () => {
  function lookup(host: string, all: boolean) {
    return new Promise<{ error: Error | null; address: unknown }>((resolve) =>
      guardedLookup(host, { all }, (error, address) => resolve({ error, address })),
    );
  }

  it('refuses a name whose addresses are not public, in both callback forms', async () => {
    for (const all of [true, false]) {
      const { error } = await lookup('localhost', all);
      expect(error).toBeInstanceOf(OutboundError);
      expect((error as OutboundError).failure).toBe('refused-address');
    }
  });
});
