import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer } from '../../testing/fake-http-server';
import { BraveSearchProvider } from '../web/brave-provider';
import { SearxngProvider } from '../web/searxng-provider';
import { WebSource } from '../web/web-source';
import { ArxivSource } from './arxiv-source';
import { CrossrefSource } from './crossref-source';
import type { LiteratureSource } from './literature-source';
import { OpenAlexSource } from './openalex-source';
import { PubMedSource } from './pubmed-source';
import { SemanticScholarSource } from './semantic-scholar-source';
import { query } from './testing-fixtures';
import { outboundTrusting } from '../../testing/outbound-trusting';

/** Every HTTP adapter, built against a base URL. */
const ADAPTERS: [string, (url: string) => LiteratureSource][] = [
  [
    'OpenAlex',
    (url) =>
      new OpenAlexSource({ baseUrl: url, mailto: undefined, outbound: outboundTrusting(url) }),
  ],
  [
    'Crossref',
    (url) =>
      new CrossrefSource({ baseUrl: url, mailto: undefined, outbound: outboundTrusting(url) }),
  ],
  [
    'PubMed',
    (url) =>
      new PubMedSource({
        baseUrl: url,
        apiKey: undefined,
        email: undefined,
        outbound: outboundTrusting(url),
      }),
  ],
  ['arXiv', (url) => new ArxivSource({ baseUrl: url, outbound: outboundTrusting(url) })],
  [
    'Semantic Scholar',
    (url) =>
      new SemanticScholarSource({
        baseUrl: url,
        apiKey: undefined,
        outbound: outboundTrusting(url),
      }),
  ],
  ['SearXNG', (url) => new WebSource(new SearxngProvider(url, outboundTrusting(url)))],
  [
    'Brave Search',
    (url) => new WebSource(new BraveSearchProvider(url, 'key', outboundTrusting(url))),
  ],
];

describe.each(ADAPTERS)('%s adapter when the API misbehaves', (_name, build) => {
  let fake: Awaited<ReturnType<typeof startFakeHttpServer>> | undefined;
  const hanging: ServerResponse[] = [];
  afterEach(async () => {
    for (const response of hanging.splice(0)) response.destroy();
    await fake?.close();
  });

  async function answering(handle: (response: ServerResponse) => void) {
    fake = await startFakeHttpServer((_request, response) => handle(response));
    return build(fake.url);
  }

  it('reports a server error', async () => {
    const source = await answering((response) => {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end('{"error":"busy"}');
    });
    await expect(
      source.search(query({ q: 'sleep' }), AbortSignal.timeout(5000)),
    ).rejects.toMatchObject({
      failure: 'http',
    });
  });

  it('reports a rate limit with its Retry-After', async () => {
    const source = await answering((response) => {
      response.writeHead(429, { 'retry-after': '7' });
      response.end();
    });
    await expect(
      source.search(query({ q: 'sleep' }), AbortSignal.timeout(5000)),
    ).rejects.toMatchObject({
      failure: 'rate-limited',
      retryAfterMs: 7000,
    });
  });

  it('reports an answer it cannot read', async () => {
    const source = await answering((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"results": [ <html>');
    });
    await expect(
      source.search(query({ q: 'sleep' }), AbortSignal.timeout(5000)),
    ).rejects.toMatchObject({
      failure: 'malformed',
    });
  });

  it('gives up when its time is over', async () => {
    const source = await answering((response) => hanging.push(response));
    await expect(
      source.search(query({ q: 'sleep' }), AbortSignal.timeout(200)),
    ).rejects.toMatchObject({
      failure: 'timeout',
    });
  });

  it('reports an address where nothing listens', async () => {
    const closed = await startFakeHttpServer(() => undefined);
    await closed.close();
    await expect(
      build(closed.url).search(
        query({ q: 'sleep', documentTypes: ['web'] }),
        AbortSignal.timeout(5000),
      ),
    ).rejects.toMatchObject({ failure: 'unreachable' });
  });
});
