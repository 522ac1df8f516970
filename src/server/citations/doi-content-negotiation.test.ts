import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer } from '../testing/fake-http-server';
import { outboundTrusting } from '../testing/outbound-trusting';
import { negotiateDoiReference } from './doi-content-negotiation';

const LECUN =
  'LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. Nature, 521(7553), 436–444. https://doi.org/10.1038/nature14539';

interface SeenRequest {
  url: string;
  accept: string | undefined;
}

/** A stand-in for doi.org that answers the way the real resolver does. */
function fakeResolver(seen: SeenRequest[]): Server {
  return createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '';
    seen.push({ url, accept: request.headers.accept });
    const reply = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    };

    if (url === '/10.1038/nature14539' || url === '/transform/10.1038/nature14539') {
      return reply(200, 'text/x-bibliography; charset=utf-8', `${LECUN}\n`);
    }
    if (url === '/10.1038/redirected') {
      response.writeHead(302, { location: '/transform/10.1038/nature14539' });
      return response.end();
    }
    if (url === '/10.48550/arXiv.1706.03762') {
      return reply(
        200,
        'text/x-bibliography',
        'Vaswani, A. (2017). Attention is all you need. arXiv.',
      );
    }
    if (url === '/10.1038/slow') {
      // Never answers; the client's timeout must end the wait.
      return;
    }
    if (url === '/10.1038/slow-body') {
      response.writeHead(200, { 'content-type': 'text/x-bibliography' });
      response.write('LeCun, Y.');
      return;
    }
    if (url === '/10.1038/to-internal') {
      response.writeHead(302, { location: `${internal.url}/internal-secret` });
      return response.end();
    }
    if (url === '/10.1038/plain') return reply(200, 'text/plain', 'internal secret');
    if (url === '/10.1038/broken') return reply(500, 'text/plain', 'Internal Server Error');
    if (url === '/10.1038/landing') return reply(200, 'text/html', '<html>Landing page</html>');
    if (url === '/10.1038/empty') return reply(200, 'text/x-bibliography', '  \n');
    return reply(404, 'text/html', '<html>DOI Not Found</html>');
  });
}

/** A service on this machine, not the configured resolver: it must never see a request. */
let internal: Awaited<ReturnType<typeof startFakeHttpServer>>;
const seen: SeenRequest[] = [];
const server = fakeResolver(seen);
let baseUrl = '';
/** The helper as a server whose DOI_RESOLVER_URL is the fake has it. */
const outbound = () => outboundTrusting(baseUrl);

beforeAll(async () => {
  internal = await startFakeHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/x-bibliography' });
    response.end('internal secret');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await internal.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
});

describe('negotiateDoiReference', () => {
  it('asks for an APA bibliography in en-US and returns the text', async () => {
    const result = await negotiateDoiReference('https://doi.org/10.1038/NATURE14539', {
      baseUrl,
      outbound: outbound(),
    });
    expect(result).toEqual({ ok: true, doi: '10.1038/nature14539', reference: LECUN });
    expect(seen).toEqual([
      { url: '/10.1038/nature14539', accept: 'text/x-bibliography; style=apa; locale=en-US' },
    ]);
  });

  it('follows a 302 redirect and keeps the Accept header', async () => {
    const result = await negotiateDoiReference('10.1038/redirected', {
      baseUrl,
      outbound: outbound(),
    });
    expect(result).toMatchObject({ ok: true, reference: LECUN });
    expect(seen.map((request) => request.url)).toEqual([
      '/10.1038/redirected',
      '/transform/10.1038/nature14539',
    ]);
    expect(seen[1]?.accept).toBe('text/x-bibliography; style=apa; locale=en-US');
  });

  it('answers "{doi} not found" for a 404 (spec 000 §8)', async () => {
    expect(
      await negotiateDoiReference('10.1038/missing', {
        baseUrl,
        outbound: outbound(),
      }),
    ).toEqual({
      ok: false,
      doi: '10.1038/missing',
      reason: 'not-found',
      status: 404,
      message: '10.1038/missing not found',
    });
  });

  it('gives up after the timeout when the resolver does not answer', async () => {
    const started = Date.now();
    const result = await negotiateDoiReference('10.1038/slow', {
      baseUrl,
      outbound: outbound(),
      timeoutMs: 200,
    });
    expect(result).toMatchObject({
      ok: false,
      reason: 'timeout',
      message: 'Citation request timed out after 200 ms',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('gives up after the timeout when the body never ends', async () => {
    const result = await negotiateDoiReference('10.1038/slow-body', {
      baseUrl,
      outbound: outbound(),
      timeoutMs: 200,
    });
    expect(result).toMatchObject({ ok: false, reason: 'timeout', status: null });
  });

  it('reports other statuses with the wording of spec 000 §8', async () => {
    expect(
      await negotiateDoiReference('10.1038/broken', {
        baseUrl,
        outbound: outbound(),
      }),
    ).toMatchObject({
      ok: false,
      reason: 'http-error',
      status: 500,
      message: 'Citation request failed with status 500',
    });
  });

  it('refuses a landing page or an empty body as a reference', async () => {
    expect(
      await negotiateDoiReference('10.1038/landing', {
        baseUrl,
        outbound: outbound(),
      }),
    ).toMatchObject({
      ok: false,
      reason: 'not-a-bibliography',
    });
    expect(
      await negotiateDoiReference('10.1038/empty', {
        baseUrl,
        outbound: outbound(),
      }),
    ).toMatchObject({
      ok: false,
      reason: 'not-a-bibliography',
    });
  });

  it('asks for the DataCite DOI of an arXiv id', async () => {
    const result = await negotiateDoiReference('arXiv:1706.03762v2', {
      baseUrl,
      outbound: outbound(),
    });
    expect(result).toMatchObject({ ok: true, doi: 'arxiv:1706.03762v2' });
    expect(seen[0]?.url).toBe('/10.48550/arXiv.1706.03762');
  });

  it('encodes characters that would end the path', async () => {
    await negotiateDoiReference('10.1038/a?b#c', {
      baseUrl,
      outbound: outbound(),
    });
    expect(seen[0]?.url).toBe('/10.1038/a%3Fb%23c');
  });

  it('passes style and locale through and accepts a base URL with a trailing slash', async () => {
    await negotiateDoiReference('10.1038/nature14539', {
      baseUrl: `${baseUrl}/`,
      outbound: outbound(),
      style: 'vancouver',
      locale: 'de-DE',
    });
    expect(seen[0]).toEqual({
      url: '/10.1038/nature14539',
      accept: 'text/x-bibliography; style=vancouver; locale=de-DE',
    });
  });

  it('rejects a malformed DOI without a request', async () => {
    expect(
      await negotiateDoiReference('not-a-doi', {
        baseUrl,
        outbound: outbound(),
      }),
    ).toMatchObject({
      ok: false,
      reason: 'invalid-doi',
      status: null,
      message: expect.stringContaining('Invalid DOI "not-a-doi"'),
    });
    expect(seen).toEqual([]);
  });

  it('reports an unreachable resolver as a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await negotiateDoiReference('10.1038/nature14539', {
      baseUrl: `http://127.0.0.1:${port}`,
      outbound: outboundTrusting(`http://127.0.0.1:${port}`),
    });
    expect(result).toMatchObject({ ok: false, reason: 'network-error', status: null });
    expect(result.ok ? '' : result.message).toMatch(/^Citation request failed: /);
  });

  it('stops when the caller cancels', async () => {
    const controller = new AbortController();
    const pending = negotiateDoiReference('10.1038/slow', {
      baseUrl,
      outbound: outbound(),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toMatchObject({ ok: false, reason: 'aborted' });
  });

  it('refuses a redirect to an address that is not the configured resolver', async () => {
    const result = await negotiateDoiReference('10.1038/to-internal', {
      baseUrl,
      outbound: outbound(),
    });
    expect(result).toMatchObject({ ok: false, reason: 'refused', status: null });
    expect(result.ok ? '' : result.message).toMatch(/127\.0\.0\.1 is not a public address/);
    expect(internal.requests).toHaveLength(0);
  });

  it('never takes a body that is not a bibliography as the reference', async () => {
    const result = await negotiateDoiReference('10.1038/plain', { baseUrl, outbound: outbound() });
    expect(result).toMatchObject({ ok: false, reason: 'not-a-bibliography' });
    expect(JSON.stringify(result)).not.toContain('internal secret');
  });

  it('refuses a DOI whose path would climb out of the resolver, without a request', async () => {
    for (const doi of ['10.5555/../../works?rows=1', '10.5555/a/./b', '10.5555/%2e%2e/x']) {
      expect(await negotiateDoiReference(doi, { baseUrl, outbound: outbound() })).toMatchObject({
        ok: false,
        reason: 'invalid-doi',
      });
    }
    expect(seen).toEqual([]);
  });
});
