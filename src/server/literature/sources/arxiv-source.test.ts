import { afterEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer } from '../../testing/fake-http-server';
import { ArxivSource } from './arxiv-source';
import { fixture, query, signal } from './testing-fixtures';
import { outboundTrusting } from '../../testing/outbound-trusting';

describe('ArxivSource against a fake arXiv API', () => {
  let fake: Awaited<ReturnType<typeof startFakeHttpServer>> | undefined;
  afterEach(() => fake?.close());

  async function start(body: string) {
    fake = await startFakeHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/atom+xml' });
      response.end(body);
    });
    return new ArxivSource({ baseUrl: `${fake.url}/api`, outbound: outboundTrusting(fake.url) });
  }

  it('writes the query in arXiv syntax and reads the Atom entries', async () => {
    const source = await start(fixture('arxiv-query.xml'));
    const answer = await source.search(
      query({
        q: 'attention for networks "neural machine translation"',
        excludeText: 'vision',
        yearStart: 2015,
        limit: 50,
      }),
      signal(),
    );
    const url = fake!.requests[0]!.url;
    expect(url.pathname).toBe('/api/query');
    expect(url.searchParams.get('search_query')).toBe(
      '(all:attention OR all:networks) AND all:"neural machine translation" AND submittedDate:[201501010000 TO 299912312359] ANDNOT all:vision',
    );
    expect(url.searchParams.get('max_results')).toBe('50');
    expect(url.searchParams.get('sortBy')).toBe('relevance');
    expect(answer.works[0]).toMatchObject({
      id: 'arxiv:1706.03762',
      doi: 'arxiv:1706.03762',
      title: 'Attention Is All You Need',
      type: 'preprint',
      authors: ['Ashish Vaswani', 'Noam Shazeer'],
      published_year: 2017,
      hyperlink: 'https://arxiv.org/abs/1706.03762',
      subjects: ['cs.CL', 'cs.LG'],
      container_title: null,
    });
    // A preprint with a journal DOI is that DOI, keeps its arXiv id in its link and names its journal.
    expect(answer.works[1]).toMatchObject({
      id: '10.1103/physreve.80.036104',
      doi: '10.1103/physreve.80.036104',
      hyperlink: 'https://arxiv.org/abs/0903.2544',
      container_title: 'Phys. Rev. E 80, 036104 (2009)',
      type: 'preprint',
    });
    expect(answer.works[1]?.abstract).toBe(
      'We revisit preferential attachment in growing networks & its degree distribution.',
    );
  });

  it('reports arXiv’s error feed as a failure', async () => {
    const source = await start(fixture('arxiv-error.xml'));
    await expect(source.search(query({ q: 'x' }), signal())).rejects.toMatchObject({
      failure: 'http',
      message: 'arXiv refused the query: max_results must be non-negative',
    });
  });
});
