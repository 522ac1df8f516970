import { afterEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer } from '../../testing/fake-http-server';
import { SemanticScholarSource } from './semantic-scholar-source';
import { fixture, query, signal } from './testing-fixtures';
import { outboundTrusting } from '../../testing/outbound-trusting';

describe('SemanticScholarSource against a fake Graph API', () => {
  let fake: Awaited<ReturnType<typeof startFakeHttpServer>> | undefined;
  afterEach(() => fake?.close());

  it('maps filters to parameters, sends the key and follows `next` across pages', async () => {
    fake = await startFakeHttpServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const offset = request.url.searchParams.get('offset');
      response.end(
        fixture(
          offset === '0' ? 'semantic-scholar-search.json' : 'semantic-scholar-search-page2.json',
        ),
      );
    });
    const source = new SemanticScholarSource({
      baseUrl: `${fake.url}/graph/v1`,
      apiKey: 's2-key',
      outbound: outboundTrusting(fake.url),
    });
    const answer = await source.search(
      query({ q: 'attention', yearStart: 2015, yearEnd: 2024, minCitations: 10, limit: 150 }),
      signal(),
    );
    const [first, second] = fake.requests;
    expect(first?.url.pathname).toBe('/graph/v1/paper/search');
    expect(first?.headers['x-api-key']).toBe('s2-key');
    expect(first?.url.searchParams.get('year')).toBe('2015-2024');
    expect(first?.url.searchParams.get('minCitationCount')).toBe('10');
    expect(first?.url.searchParams.get('limit')).toBe('100');
    expect(second?.url.searchParams.get('offset')).toBe('2');
    expect(answer.works.map((work) => work.id)).toEqual([
      'arxiv:1706.03762',
      '10.1038/s41586-020-2012-7',
      's2:a2b1c3',
    ]);
    expect(answer.works[0]).toMatchObject({
      type: 'journal-article',
      hyperlink: 'https://arxiv.org/abs/1706.03762',
      is_referenced_by_count: 104000,
    });
    expect(answer.works[1]).toMatchObject({ container_title: 'Nature', volume: '579' });
  });

  it('answers no works when nothing matched', async () => {
    fake = await startFakeHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ total: 0, offset: 0 }));
    });
    const source = new SemanticScholarSource({
      baseUrl: fake.url,
      apiKey: undefined,
      outbound: outboundTrusting(fake.url),
    });
    expect((await source.search(query({ q: 'zzzz' }), signal())).works).toEqual([]);
    expect(fake.requests[0]?.headers['x-api-key']).toBeUndefined();
  });
});
