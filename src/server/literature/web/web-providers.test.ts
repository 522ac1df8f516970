import { afterEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer } from '../../testing/fake-http-server';
import { fixture, signal } from '../sources/testing-fixtures';
import { BraveSearchProvider } from './brave-provider';
import { SearxngProvider } from './searxng-provider';
import { outboundTrusting } from '../../testing/outbound-trusting';

describe('web search providers against fakes', () => {
  let fake: Awaited<ReturnType<typeof startFakeHttpServer>> | undefined;
  afterEach(() => fake?.close());

  it('SearXNG: asks its JSON API and makes web works named by their host', async () => {
    fake = await startFakeHttpServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const page = request.url.searchParams.get('pageno');
      response.end(page === '1' ? fixture('searxng-search.json') : '{"results": []}');
    });
    const works = await new SearxngProvider(`${fake.url}/searx`, outboundTrusting(fake.url)).search(
      'sleep memory consolidation',
      10,
      signal(),
    );
    const url = fake.requests[0]!.url;
    expect(url.pathname).toBe('/searx/search');
    expect(url.searchParams.get('format')).toBe('json');
    expect(url.searchParams.get('q')).toBe('sleep memory consolidation');
    expect(works).toHaveLength(2);
    expect(works[0]).toMatchObject({
      id: 'https://www.sleepfoundation.org/how-sleep-works/sleep-and-memory',
      url: 'https://www.sleepfoundation.org/how-sleep-works/sleep-and-memory',
      type: 'web',
      authors: [],
      container_title: 'sleepfoundation.org',
      published_year: 2023,
      abstract:
        'Sleep helps memory consolidation, the process that stabilises a memory trace after it is acquired.',
    });
  });

  it('Brave Search: sends the subscription token and reads the web results', async () => {
    fake = await startFakeHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(fixture('brave-web-search.json'));
    });
    const works = await new BraveSearchProvider(
      `${fake.url}/res/v1`,
      'token-1',
      outboundTrusting(fake.url),
    ).search('sleep memory consolidation', 10, signal());
    const request = fake.requests[0]!;
    expect(request.url.pathname).toBe('/res/v1/web/search');
    expect(request.headers['x-subscription-token']).toBe('token-1');
    expect(request.url.searchParams.get('count')).toBe('20');
    expect(fake.requests).toHaveLength(1);
    expect(works).toEqual([
      expect.objectContaining({
        type: 'web',
        title: "Sleep's role in memory consolidation - PMC",
        container_title: 'ncbi.nlm.nih.gov',
        published_year: 2011,
      }),
    ]);
  });
});
