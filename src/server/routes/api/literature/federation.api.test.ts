import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importLiteratureFile } from '../../../literature/corpus/import-literature-file';
import { fixture } from '../../../literature/sources/testing-fixtures';
import { readSettings } from '../../../settings/settings-store';
import { startFakeHttpServer, type RecordedRequest } from '../../../testing/fake-http-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';

// Billing decides who is on the free tier; until it lands, the test names its free-tier users.
const { freeTierUsers } = vi.hoisted(() => ({ freeTierUsers: new Set<string>() }));
vi.mock('../../../billing/free-tier', () => ({
  isFreeTier: (_context: unknown, userId: string) => Promise.resolve(freeTierUsers.has(userId)),
}));

const here = path.dirname(fileURLToPath(import.meta.url));
const MINI_CORPUS = path.resolve(here, '../../../literature/testing/mini-corpus.jsonl');
const OPENALEX_WORK = JSON.parse(
  fixture('../../formats/fixtures/openalex-current-api.jsonl').split('\n')[0]!,
) as Record<string, unknown>;
const kinds = await testDatabaseKinds();

type Mode = 'ok' | 'down' | 'slow';
const SOURCES = ['openalex', 'crossref', 'pubmed', 'arxiv', 'semanticscholar', 'searxng'] as const;
type FakeName = (typeof SOURCES)[number];

interface Result {
  refId: string;
  doi: string | null;
  title: string;
  type: string;
  url: string | null;
  is_referenced_by_count: number | null;
}
interface Answer {
  results: Result[];
  sources: { id: string; label: string; status: string; count: number; size?: number }[];
  hidden: { type: string; count: number }[];
}

function json(response: ServerResponse, body: string) {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(body);
}

/** What each fake API answers when it is up: the committed fixtures (see fixtures/NOTICE.md). */
const ANSWERS: Record<FakeName, (request: RecordedRequest, response: ServerResponse) => void> = {
  openalex: (_request, response) =>
    json(
      response,
      JSON.stringify({
        meta: { count: 2, per_page: 200, page: 1 },
        results: [
          { ...OPENALEX_WORK, relevance_score: 90 },
          {
            ...OPENALEX_WORK,
            id: 'https://openalex.org/W3001118548',
            doi: 'https://doi.org/10.1038/s41586-020-2012-7',
            title: 'A pneumonia outbreak associated with a new coronavirus of probable bat origin',
            publication_year: 2020,
            cited_by_count: 20000,
            relevance_score: 80,
          },
        ],
      }),
    ),
  crossref: (_request, response) => json(response, fixture('crossref-works.json')),
  pubmed: (request, response) => {
    if (request.url.pathname.endsWith('esearch.fcgi')) {
      json(response, fixture('pubmed-esearch.json'));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/xml' });
    response.end(fixture('pubmed-efetch.xml'));
  },
  arxiv: (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/atom+xml' });
    response.end(fixture('arxiv-query.xml'));
  },
  semanticscholar: (request, response) =>
    json(
      response,
      fixture(
        request.url.searchParams.get('offset') === '0'
          ? 'semantic-scholar-search.json'
          : 'semantic-scholar-search-page2.json',
      ),
    ),
  searxng: (_request, response) => json(response, fixture('searxng-search.json')),
};

describe.each(kinds)('federated search on %s', (kind) => {
  let server: TestServer;
  let client: TestClient;
  const modes = new Map<FakeName, Mode>();
  const fakes = new Map<FakeName, Awaited<ReturnType<typeof startFakeHttpServer>>>();
  const waiting: ServerResponse[] = [];

  const asked = (name: FakeName) => fakes.get(name)!.requests.length;
  const setModes = (changes: Partial<Record<FakeName, Mode>>) => {
    for (const name of SOURCES) modes.set(name, changes[name] ?? 'ok');
  };

  beforeAll(async () => {
    for (const name of SOURCES) {
      fakes.set(
        name,
        await startFakeHttpServer((request, response) => {
          const mode = modes.get(name) ?? 'ok';
          if (mode === 'slow') {
            waiting.push(response);
            setTimeout(() => ANSWERS[name](request, response), 10_000);
          } else if (mode === 'down') {
            response.writeHead(503, { 'content-type': 'text/plain' });
            response.end('Service Unavailable');
          } else ANSWERS[name](request, response);
        }),
      );
    }
    const url = (name: FakeName) => fakes.get(name)!.url;
    server = await startTestServer(kind, {
      LITERATURE_SOURCES: 'local,openalex,crossref,pubmed,arxiv,semanticscholar',
      LITERATURE_SOURCE_TIMEOUT_MS: '4000',
      OPENALEX_URL: url('openalex'),
      OPENALEX_MAILTO: 'ops@example.org',
      CROSSREF_URL: url('crossref'),
      PUBMED_URL: url('pubmed'),
      ARXIV_URL: url('arxiv'),
      SEMANTIC_SCHOLAR_URL: url('semanticscholar'),
      WEB_SEARCH: 'searxng',
      SEARXNG_URL: url('searxng'),
    });
    await importLiteratureFile(server.context.database.db, MINI_CORPUS, { origin: 'corpus' });
    client = await server.signedInClient();
  });
  afterAll(async () => {
    for (const response of waiting) response.destroy();
    await server.close();
    for (const fake of fakes.values()) await fake.close();
  });

  async function search(body: Record<string, unknown>): Promise<Answer> {
    const response = await client.post('/api/search', { n: 100, ...body });
    expect(response.status).toBe(200);
    return response.body as unknown as Answer;
  }

  const statuses = (answer: Answer) =>
    Object.fromEntries(answer.sources.map((source) => [source.id, source.status]));

  // First, while no other source's copy of the Transformer paper (typed as an article) is stored.
  it('counts what the document types hide', async () => {
    setModes({ semanticscholar: 'down' });
    const answer = await search({ q: 'attention networks', documentTypes: { article: true } });
    // arXiv's Transformer preprint is hidden; its 2009 preprint names a journal, so it is an article.
    expect(answer.hidden).toContainEqual({ type: 'preprint', count: expect.any(Number) });
    expect(answer.results.some((r) => r.doi === '10.1103/physreve.80.036104')).toBe(true);
    expect(answer.results.some((r) => r.doi === 'arxiv:1706.03762')).toBe(false);
    const shown = await search({
      q: 'attention networks',
      documentTypes: { article: true, preprint: true },
    });
    expect(shown.results.some((r) => r.doi === 'arxiv:1706.03762')).toBe(true);
  });

  it('asks every source, merges one work found by several into one citable result', async () => {
    setModes({});
    const answer = await search({ q: 'pneumonia coronavirus bat origin', documentTypes: {} });
    expect(statuses(answer)).toEqual({
      local: 'answered',
      openalex: 'answered',
      crossref: 'answered',
      pubmed: 'answered',
      arxiv: 'answered',
      semanticscholar: 'answered',
    });
    expect(answer.sources[0]?.label).toBe("this server's library");
    // The 36 corpus works and what earlier searches stored.
    expect(answer.sources[0]?.size).toBeGreaterThan(36);
    const outbreak = answer.results.filter((r) => r.doi === '10.1038/s41586-020-2012-7');
    expect(outbreak).toHaveLength(1);
    expect(answer.results[0]?.doi).toBe('10.1038/s41586-020-2012-7');
    // The largest citation count any source reported.
    expect(outbreak[0]?.is_referenced_by_count).toBe(21345);
    expect(answer.results.filter((r) => /attention is all you need/i.test(r.title))).toHaveLength(
      1,
    );
    expect(new Set(answer.results.map((r) => r.refId)).size).toBe(answer.results.length);

    // Every result is a stored work: it can be looked up and cited in a paper.
    for (const result of answer.results) {
      expect((await client.get(`/api/works/${result.refId}`)).status).toBe(200);
    }
    const paper = (await client.post('/api/papers', { title: 'Outbreaks', type: 'essay' })).body;
    const saved = await client.put(`/api/papers/${paper.id as string}`, {
      citations: answer.results.slice(0, 5),
    });
    expect(saved.status).toBe(200);
  });

  it('maps filters to each source and applies the rest afterwards', async () => {
    setModes({});
    const before = new Map(SOURCES.map((name) => [name, asked(name)]));
    const answer = await search({
      q: 'coronavirus pneumonia outbreak',
      yearStart: 2015,
      yearEnd: 2024,
      minCitations: 5,
      documentTypes: { article: true },
    });
    const last = (name: FakeName) => fakes.get(name)!.requests[before.get(name)!]!.url.searchParams;
    expect(last('openalex').get('filter')).toBe('publication_year:2015-2024,cited_by_count:>4');
    expect(last('crossref').get('filter')).toBe('from-pub-date:2015,until-pub-date:2024');
    expect([last('pubmed').get('mindate'), last('pubmed').get('maxdate')]).toEqual([
      '2015',
      '2024',
    ]);
    expect(last('arxiv').get('search_query')).toContain(
      'submittedDate:[201501010000 TO 202412312359]',
    );
    expect(last('semanticscholar').get('minCitationCount')).toBe('5');
    // PubMed reports no citation counts, so its NEJM paper cannot pass a minimum of 5.
    expect(answer.results.some((r) => r.doi === '10.1056/nejmoa2001017')).toBe(false);
    expect(answer.results.every((r) => (r.is_referenced_by_count ?? 0) >= 5)).toBe(true);
  });

  it('answers from this server’s library alone when every other source is down', async () => {
    setModes({
      openalex: 'down',
      crossref: 'down',
      pubmed: 'down',
      arxiv: 'down',
      semanticscholar: 'down',
    });
    const answer = await search({ q: 'citation network analysis', documentTypes: {} });
    expect(answer.sources.filter((s) => s.status === 'answered').map((s) => s.id)).toEqual([
      'local',
    ]);
    expect(answer.results.length).toBeGreaterThan(0);
    expect(answer.results[0]?.title).toMatch(/citation/i);
  });

  it('reuses a complete answer for the same query instead of asking again', async () => {
    setModes({});
    const first = await search({ q: 'optuna hyperparameter optimization', documentTypes: {} });
    const counts = SOURCES.map(asked);
    const second = await search({ q: 'optuna hyperparameter optimization', documentTypes: {} });
    expect(SOURCES.map(asked)).toEqual(counts);
    expect(second.results.map((r) => r.refId)).toEqual(first.results.map((r) => r.refId));
    expect(second.sources).toEqual(first.sources);
  });

  it('searches the web for paying users only', async () => {
    setModes({});
    const body = { q: 'sleep memory consolidation', documentTypes: { article: true, web: true } };
    const paid = await search(body);
    expect(statuses(paid).web).toBe('answered');
    const page = paid.results.find((r) => r.type === 'web');
    expect(page).toMatchObject({
      url: 'https://www.sleepfoundation.org/how-sleep-works/sleep-and-memory',
    });
    expect((await client.get(`/api/works/${page!.refId}`)).status).toBe(200);

    const free = await server.signedInClient('Free');
    const me = await free.get('/api/me');
    freeTierUsers.add((me.body.user as { id: string }).id);
    const searxngBefore = asked('searxng');
    const refused = (await free.post('/api/search', { n: 100, ...body, q: 'sleep memory web' }))
      .body as unknown as Answer;
    expect(asked('searxng')).toBe(searxngBefore);
    expect(refused.sources).toContainEqual(
      expect.objectContaining({ id: 'web', status: 'not-allowed' }),
    );
    expect(refused.results.some((r) => r.type === 'web')).toBe(false);

    // Web is forced off when the free-tier user's filters load, and the dialog is told why.
    const saved = (await free.get('/api/settings/search-filters')).body as unknown as {
      filters: { documentTypes: Record<string, boolean> };
    };
    saved.filters.documentTypes.web = true;
    // Saving web pages is not refused (the other choices are kept) but web is stored off.
    const put = await free.put('/api/settings/search-filters', { filters: saved.filters });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ filters: { documentTypes: { web: false } } });
    const freeId = (me.body.user as { id: string }).id;
    const row = await readSettings(server.context.database.db, freeId);
    expect(row?.searchFilters).toMatchObject({ documentTypes: { web: false } });
    const loaded = await free.get('/api/settings/search-filters');
    expect(loaded.body).toMatchObject({
      webSearchAllowed: false,
      filters: { documentTypes: { web: false } },
    });
    expect((await client.get('/api/settings/search-filters')).body).toMatchObject({
      webSearchAllowed: true,
    });
  });

  // Last: the source that timed out is skipped for the back-off that follows.
  it('answers with the others when one source is down and one is slow', async () => {
    setModes({ crossref: 'down', arxiv: 'slow', semanticscholar: 'down' });
    const answer = await search({ q: 'attention pneumonia', documentTypes: { article: true } });
    expect(statuses(answer)).toMatchObject({
      crossref: 'failed',
      arxiv: 'timeout',
      semanticscholar: 'failed',
      openalex: 'answered',
      pubmed: 'answered',
    });
    expect(answer.results.some((r) => r.doi === '10.1056/nejmoa2001017')).toBe(true);
  });
});
