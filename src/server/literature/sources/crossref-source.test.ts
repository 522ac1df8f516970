import { afterEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer } from '../../testing/fake-http-server';
import { CrossrefSource } from './crossref-source';
import { fixture, query, signal } from './testing-fixtures';
import { outboundTrusting } from '../../testing/outbound-trusting';

describe('CrossrefSource against a fake Crossref API', () => {
  let fake: Awaited<ReturnType<typeof startFakeHttpServer>> | undefined;
  afterEach(() => fake?.close());

  it('sends the query, years and contact address, and reads the work list', async () => {
    fake = await startFakeHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(fixture('crossref-works.json'));
    });
    const source = new CrossrefSource({
      baseUrl: fake.url,
      mailto: 'ops@example.org',
      outbound: outboundTrusting(fake.url),
    });
    const answer = await source.search(
      query({
        q: 'coronavirus "bat origin" -influenza',
        yearStart: 2019,
        yearEnd: 2021,
        limit: 20,
      }),
      signal(),
    );
    const url = fake.requests[0]!.url;
    expect(url.pathname).toBe('/works');
    expect(url.searchParams.get('query.bibliographic')).toBe('coronavirus bat origin');
    expect(url.searchParams.get('filter')).toBe('from-pub-date:2019,until-pub-date:2021');
    expect(url.searchParams.get('rows')).toBe('20');
    expect(url.searchParams.get('mailto')).toBe('ops@example.org');
    expect(answer.works).toHaveLength(2);
    expect(answer.works[0]).toMatchObject({
      id: '10.1038/s41586-020-2012-7',
      doi: '10.1038/s41586-020-2012-7',
      title: 'A pneumonia outbreak associated with a new coronavirus of probable bat origin',
      type: 'journal-article',
      authors: ['Peng Zhou', 'Xing-Lou Yang', 'Zheng-Li Shi'],
      published_year: 2020,
      published_month: 2,
      container_title: 'Nature',
      volume: '579',
      issue: '7798',
      page: '270-273',
      is_referenced_by_count: 21345,
      issn: ['0028-0836', '1476-4687'],
      refId: '',
    });
    expect(answer.works[1]).toMatchObject({ type: 'proceedings-article', isbn: ['9781450362016'] });
    expect(answer.works[1]?.abstract).toContain('hyperparameter optimization');
  });

  it('follows the cursor when more than one page is asked for', async () => {
    const page = JSON.parse(fixture('crossref-works.json')) as {
      message: { items: unknown[]; 'next-cursor': string };
    };
    const full = { ...page, message: { ...page.message, items: [] as unknown[] } };
    for (let index = 0; index < 1000; index += 1) {
      full.message.items.push({
        DOI: `10.5555/item.${index}`,
        title: [`Work number ${index}`],
        type: 'journal-article',
      });
    }
    fake = await startFakeHttpServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(request.url.searchParams.get('cursor') === '*' ? full : page));
    });
    const source = new CrossrefSource({
      baseUrl: fake.url,
      mailto: undefined,
      outbound: outboundTrusting(fake.url),
    });
    const answer = await source.search(query({ q: 'work', limit: 1001 }), signal());
    expect(fake.requests.map((request) => request.url.searchParams.get('cursor'))).toEqual([
      '*',
      'DnF1ZXJ5VGhlbkZldGNoBgAAAAAA',
    ]);
    expect(fake.requests[1]?.url.searchParams.get('rows')).toBe('1000');
    expect(answer.works).toHaveLength(1001);
  });
});
