import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer } from '../../testing/fake-http-server';
import { OpenAlexSource } from './openalex-source';
import { query, signal } from './testing-fixtures';
import { outboundTrusting } from '../../testing/outbound-trusting';

const work = JSON.parse(
  readFileSync(
    path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      '../formats/fixtures/openalex-current-api.jsonl',
    ),
    'utf8',
  ).split('\n')[0]!,
) as Record<string, unknown>;

describe('OpenAlexSource against a fake OpenAlex API', () => {
  let fake: Awaited<ReturnType<typeof startFakeHttpServer>> | undefined;
  afterEach(() => fake?.close());

  it('leaves the document types to the federation and pages through results', async () => {
    fake = await startFakeHttpServer((request, response) => {
      const page = Number(request.url.searchParams.get('page') ?? '1');
      const results = Array.from({ length: page === 1 ? 200 : 50 }, (_, index) => ({
        ...work,
        id: `https://openalex.org/W${page}${index}`,
        doi: `https://doi.org/10.5555/p${page}.${index}`,
      }));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ meta: { count: 250, per_page: 200, page }, results }));
    });
    const source = new OpenAlexSource({
      baseUrl: fake.url,
      mailto: 'ops@example.org',
      outbound: outboundTrusting(fake.url),
    });
    const answer = await source.search(
      query({ q: 'relationality', documentTypes: ['article'], minCitations: 3, limit: 300 }),
      signal(),
    );
    expect(fake.requests.map((request) => request.url.searchParams.get('page'))).toEqual([
      null,
      '2',
    ]);
    expect(fake.requests[0]?.url.searchParams.get('filter')).toBe('cited_by_count:>2');
    expect(fake.requests[0]?.url.searchParams.get('mailto')).toBe('ops@example.org');
    expect(answer.works).toHaveLength(250);
    expect(answer.works[0]).toMatchObject({ doi: '10.5555/p1.0', source: 'OpenAlex' });
  });
});
