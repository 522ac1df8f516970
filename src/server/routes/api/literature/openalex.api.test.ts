import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHttpServer } from '../../../testing/fake-http-server';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { TestClient } from '../../../testing/test-client';

const FIXTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../literature/formats/fixtures/openalex-current-api.jsonl',
);

/** A real OpenAlex work record (current API shape) as the fake's only search result. */
const work = JSON.parse(readFileSync(FIXTURE, 'utf8').split('\n')[0] ?? '{}') as Record<
  string,
  unknown
>;

describe('the OpenAlex provider against a fake OpenAlex API', () => {
  let server: TestServer;
  let client: TestClient;
  let openAlex: Awaited<ReturnType<typeof startFakeHttpServer>>;
  let failNext = false;

  beforeAll(async () => {
    openAlex = await startFakeHttpServer((request, response) => {
      if (failNext) {
        failNext = false;
        response.writeHead(503, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: 'busy' }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          meta: { count: 1, db_response_time_ms: 12, page: 1, per_page: 25 },
          results: [{ ...work, relevance_score: 512.25 }],
          group_by: [],
        }),
      );
    });
    server = await startTestServer('pglite', {
      LITERATURE_PROVIDER: 'openalex',
      OPENALEX_URL: openAlex.url,
      OPENALEX_MAILTO: 'maintainer@example.org',
    });
    client = await server.signedInClient();
  });
  afterAll(async () => {
    await server.close();
    await openAlex.close();
  });

  it('maps the query and filters onto OpenAlex parameters and stores the results', async () => {
    const response = await client.post('/api/search', {
      n: 100,
      q: 'relationality indigenous',
      excludeText: 'colonial',
      yearStart: 2000,
      yearEnd: 2024,
      minCitations: 2,
      documentTypes: { article: true, preprint: true },
    });
    expect(response.status).toBe(200);
    const [request] = openAlex.requests;
    expect(request?.url.pathname).toBe('/works');
    expect(request?.url.searchParams.get('search')).toBe('relationality indigenous');
    expect(request?.url.searchParams.get('mailto')).toBe('maintainer@example.org');
    expect(request?.url.searchParams.get('per_page')).toBe('100');
    const filter = request?.url.searchParams.get('filter') ?? '';
    expect(filter.split(',')).toEqual([
      'publication_year:2000-2024',
      'cited_by_count:>1',
      'type:article|review|book|book-chapter|preprint',
      'title_and_abstract.search:!colonial',
    ]);

    const results = response.body.results as Record<string, unknown>[];
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      doi: '10.1177/14744740211029287',
      title:
        'What is relationality? Indigenous knowledges, practices and responsibilities with kin:',
      published_year: 2021,
      container_title: 'cultural geographies',
      is_referenced_by_count: 3,
      similarity_score: 512.25,
    });
    // The result is now a stored work: it can be cited and looked up by refId.
    const stored = await client.get(`/api/works/${results[0]?.refId as string}`);
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({ authors: ['Lauren Tynan'], volume: '28', issue: '4' });
  });

  it('answers a failing OpenAlex with the search error, not a 500', async () => {
    failNext = true;
    const response = await client.post('/api/search', { q: 'anything' });
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ error: 'Search failed' });
  });
});
