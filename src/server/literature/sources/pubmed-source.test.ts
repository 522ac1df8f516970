import { afterEach, describe, expect, it } from 'vitest';
import { startFakeHttpServer } from '../../testing/fake-http-server';
import { PubMedSource } from './pubmed-source';
import { fixture, query, signal } from './testing-fixtures';
import { outboundTrusting } from '../../testing/outbound-trusting';

describe('PubMedSource against fake E-utilities', () => {
  let fake: Awaited<ReturnType<typeof startFakeHttpServer>> | undefined;
  afterEach(() => fake?.close());

  async function start(efetchBody = fixture('pubmed-efetch.xml')) {
    fake = await startFakeHttpServer((request, response) => {
      if (request.url.pathname.endsWith('/esearch.fcgi')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(fixture('pubmed-esearch.json'));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/xml' });
      response.end(efetchBody);
    });
    return new PubMedSource({
      baseUrl: `${fake.url}/entrez/eutils`,
      apiKey: 'k3y',
      email: 'ops@example.org',
      outbound: outboundTrusting(fake.url),
    });
  }

  it('searches with PubMed syntax, then fetches the records with their abstracts', async () => {
    const source = await start();
    const answer = await source.search(
      query({
        q: 'the coronavirus of bats',
        excludeText: 'influenza',
        yearStart: 2019,
        yearEnd: 2020,
      }),
      signal(),
    );
    const [search, fetch] = fake!.requests;
    expect(search?.url.pathname).toBe('/entrez/eutils/esearch.fcgi');
    expect(search?.url.searchParams.get('term')).toBe('(coronavirus OR bats) NOT influenza');
    expect(search?.url.searchParams.get('mindate')).toBe('2019');
    expect(search?.url.searchParams.get('maxdate')).toBe('2020');
    expect(search?.url.searchParams.get('api_key')).toBe('k3y');
    expect(search?.url.searchParams.get('email')).toBe('ops@example.org');
    expect(fetch?.method).toBe('POST');
    expect(fetch?.url.pathname).toBe('/entrez/eutils/efetch.fcgi');
    // In esearch's relevance order, not efetch's.
    expect(answer.works.map((work) => work.id)).toEqual([
      '10.1038/s41586-020-2012-7',
      '10.1056/nejmoa2001017',
    ]);
    expect(answer.works[0]).toMatchObject({
      title: 'A pneumonia outbreak associated with a new coronavirus of probable bat origin',
      authors: ['Peng Zhou', 'Zheng-Li Shi'],
      published_year: 2020,
      published_month: 3,
      container_title: 'Nature',
      volume: '579',
      page: '270-273',
      hyperlink: 'https://pubmed.ncbi.nlm.nih.gov/32015507/',
      type: 'journal-article',
    });
    expect(answer.works[0]?.abstract).toBe(
      'BACKGROUND: Since the outbreak of severe acute respiratory syndrome (SARS) 18 years ago, a large number of SARS-related coronaviruses have been discovered in their natural reservoir host, bats.\n' +
        'FINDINGS: We report the identification and characterization of a new coronavirus (2019-nCoV) & show that it uses the same cell entry receptor as SARS-CoV.',
    );
    expect(answer.works[1]).toMatchObject({
      authors: ['Na Zhu', 'China Novel Coronavirus Investigating and Research Team'],
      published_day: 20,
      subjects: ['Coronavirus Infections'],
    });
    expect(answer.works[1]?.abstract).toContain(
      'A previously unknown betacoronavirus was discovered',
    );
  });

  it('reports an efetch answer that is not XML as malformed', async () => {
    const source = await start('<PubmedArticleSet><PubmedArticle>');
    await expect(source.search(query({ q: 'coronavirus' }), signal())).rejects.toMatchObject({
      failure: 'malformed',
    });
  });
});
