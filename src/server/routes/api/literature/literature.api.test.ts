import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importLiteratureFile } from '../../../literature/corpus/import-literature-file';
import { startFakeHttpServer } from '../../../testing/fake-http-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';

const MINI_CORPUS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../literature/testing/mini-corpus.jsonl',
);
const kinds = await testDatabaseKinds();

interface Result {
  refId: string;
  title: string;
  abstract: string | null;
  published_year: number;
  doi: string | null;
  container_title: string | null;
  similarity_score: number;
}

describe.each(kinds)('literature API on %s', (kind) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let doiServer: Awaited<ReturnType<typeof startFakeHttpServer>>;

  beforeAll(async () => {
    // A stand-in for doi.org content negotiation: one known DOI, 404 for the rest.
    doiServer = await startFakeHttpServer((request, response) => {
      if (request.url.pathname === '/10.5555/known.doi') {
        response.writeHead(200, { 'content-type': 'text/x-bibliography; charset=utf-8' });
        response.end('Known, A. (2020). A known work. Journal of Tests, 1(2), 3–4.');
        return;
      }
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('DOI Not Found');
    });
    server = await startTestServer(kind, { DOI_RESOLVER_URL: doiServer.url });
    const summary = await importLiteratureFile(server.context.database.db, MINI_CORPUS, {
      origin: 'corpus',
    });
    expect(summary.imported).toBe(36);
    alice = await server.signedInClient('Alice');
    bob = await server.signedInClient('Bob');
  });
  afterAll(async () => {
    await server.close();
    await doiServer.close();
  });

  async function search(body: Record<string, unknown>) {
    const response = await alice.post('/api/search', { n: 100, ...body });
    return {
      status: response.status,
      body: response.body,
      results: response.body.results as Result[],
    };
  }

  it('ranks works by relevance to the query', async () => {
    const { status, results } = await search({ q: 'citation impact of open access' });
    expect(status).toBe(200);
    expect(results.length).toBeGreaterThan(3);
    expect(results[0]?.title).toMatch(/citation/i);
    expect(results.every((r) => /^ref_[a-z0-9]{8}$/.test(r.refId))).toBe(true);
    const scores = results.map((r) => r.similarity_score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('applies include, exclude, year, citation and type filters', async () => {
    const spikes = await search({ q: 'neurons spike trains', yearStart: 2001, yearEnd: 2002 });
    expect(spikes.results.length).toBeGreaterThan(0);
    expect(spikes.results.every((r) => r.published_year >= 2001 && r.published_year <= 2002)).toBe(
      true,
    );
    const excluded = await search({ q: 'neurons', excludeText: 'Hodgkin' });
    expect(excluded.results.some((r) => /hodgkin/i.test(r.title))).toBe(false);
    const included = await search({ q: 'sleep', includeText: '"sleep apnea"' });
    expect(included.results.length).toBeGreaterThan(0);
    for (const result of included.results) {
      expect(`${result.title} ${result.abstract}`).toMatch(/sleep[\s-]+apnea/i);
    }
    const all = await search({ q: 'sleep' });
    expect(all.results.length).toBeGreaterThan(included.results.length);
    // The corpus's works are arXiv preprints; only those that name their journal count as articles.
    const onlyArticles = await search({ q: 'sleep', documentTypes: { article: true } });
    expect(onlyArticles.results.length).toBeLessThan(all.results.length);
    for (const result of onlyArticles.results) {
      expect(result.doi?.startsWith('arxiv:') === false || result.container_title !== null).toBe(
        true,
      );
    }
    const preprints = await search({ q: 'sleep', documentTypes: { preprint: true } });
    expect(preprints.results.length).toBeGreaterThan(0);
    const cited = await search({ q: 'sleep', minCitations: 5 });
    expect(cited.results).toEqual([]);
  });

  it('validates filters with the spec’s messages', async () => {
    const year = new Date().getFullYear();
    expect((await search({ q: 'x', yearStart: 1989 })).body).toEqual({
      error: 'Invalid start year: 1989',
    });
    expect((await search({ q: 'x', yearEnd: year + 1 })).body).toEqual({
      error: `Invalid end year: ${year + 1}`,
    });
    expect((await search({ q: 'x', minCitations: 5000 })).body).toEqual({
      error: 'Invalid citation count: 5000',
    });
    expect((await search({ q: 'x', minCitations: 5000 })).status).toBe(400);
  });

  it('does nothing without a query and survives hostile input', async () => {
    expect((await search({ q: '' })).body).toEqual({ results: [], sources: [], hidden: [] });
    for (const q of ["'; DROP TABLE works; --", '"unbalanced', '\\\\(.*+?[', '-', '""', '%_%']) {
      const response = await search({ q });
      expect(response.status, q).toBe(200);
      expect(Array.isArray(response.results)).toBe(true);
    }
  });

  it('returns a stored work by refId', async () => {
    const [first] = (await search({ q: 'wikipedia citations' })).results;
    const work = await alice.get(`/api/works/${first?.refId}`);
    expect(work.status).toBe(200);
    expect(work.body).toMatchObject({ refId: first?.refId, title: first?.title });
    expect((await alice.get('/api/works/ref_zzzzzzzz')).status).toBe(404);
    expect((await alice.get('/api/works/nope')).status).toBe(404);
  });

  it('keeps search filters per user with defaults and validation', async () => {
    const defaults = await alice.get('/api/settings/search-filters');
    expect(defaults.body).toEqual({
      filters: {
        includeText: '',
        excludeText: '',
        yearRange: [1990, new Date().getFullYear()],
        includeUndated: true,
        minCitations: 0,
        documentTypes: { article: true, preprint: false, wikipedia: false, rmv: false, web: false },
        jifFilter: { enabled: false, minValue: 0 },
      },
      // A new account has never paid: free tier, so no web search (002 §5).
      webSearchAllowed: false,
    });
    const filters = {
      ...(defaults.body.filters as Record<string, unknown>),
      yearRange: [2000, 2010],
      documentTypes: { article: false, preprint: true, wikipedia: false, rmv: false, web: false },
    };
    expect((await alice.put('/api/settings/search-filters', { filters })).status).toBe(200);
    expect((await alice.get('/api/settings/search-filters')).body).toEqual({
      filters,
      webSearchAllowed: false,
    });
    expect((await bob.get('/api/settings/search-filters')).body).toEqual(defaults.body);

    const badJif = await alice.put('/api/settings/search-filters', {
      filters: { ...filters, jifFilter: { enabled: true, minValue: 250 } },
    });
    expect(badJif.body).toEqual({ error: 'Invalid JIF value: 250' });
  });

  it('formats citations from the store, the DOI service, or says not found', async () => {
    const stored = (await search({ q: 'effect of use and access on citations' })).results.find(
      (r) => r.doi === '10.1016/j.ipm.2005.03.010',
    );
    expect(stored).toBeDefined();
    const response = await alice.post('/api/citation', {
      dois: [
        '10.1016/j.ipm.2005.03.010',
        'https://doi.org/10.5555/KNOWN.DOI',
        '10.5555/missing',
        'not a doi',
      ],
    });
    expect(response.status).toBe(200);
    const citations = response.body.citations as { doi: string; reference: string }[];
    expect(citations[0]?.reference).toMatch(/The effect of use and access on citations\. /i);
    expect(citations[0]?.reference).toMatch(/\(2005\)/);
    expect(citations[1]).toEqual({
      doi: '10.5555/known.doi',
      reference: 'Known, A. (2020). A known work. Journal of Tests, 1(2), 3–4.',
    });
    expect(citations[2]).toEqual({
      doi: '10.5555/missing',
      reference: '10.5555/missing not found',
    });
    expect(citations[3]).toEqual({ doi: 'not a doi', reference: 'not a doi not found' });
    const accept = doiServer.requests.find((r) => r.url.pathname === '/10.5555/known.doi');
    expect(accept?.headers.accept).toContain('text/x-bibliography');

    const single = await alice.post('/api/citation', { doi: '10.5555/known.doi' });
    expect(single.body).toEqual({ citations: [citations[1]] });
    expect((await alice.post('/api/citation', {})).status).toBe(400);
  });

  it('formats stored works without a DOI when asked by refId', async () => {
    const paper = (await alice.post('/api/papers', { title: 'No DOI', type: 'essay' })).body;
    const imported = await alice.post(`/api/papers/${paper.id}/references/import`, {
      format: 'bibtex',
      text: `@book{ostrom1990,
  author = {Ostrom, Elinor},
  title = {Governing the Commons},
  publisher = {Cambridge University Press},
  year = {1990}
}`,
    });
    const work = (imported.body.imported as { refId: string; doi: string | null }[])[0];
    expect(work?.doi).toBeNull();

    const response = await alice.post('/api/citation', { refIds: [work?.refId, 'ref_zzzzzzzz'] });
    expect(response.status).toBe(200);
    expect(response.body.citations).toEqual([
      {
        refId: work?.refId,
        doi: null,
        reference: expect.stringMatching(
          /^Ostrom, E\. \(1990\)\. Governing the commons\. Cambridge University Press\.?$/i,
        ),
      },
      { refId: 'ref_zzzzzzzz', doi: null, reference: 'ref_zzzzzzzz not found' },
    ]);
  });

  it('builds a sorted, merged reference list for a paper and refuses unknown citations', async () => {
    const paper = (await alice.post('/api/papers', { title: 'Refs', type: 'essay' })).body;
    const results = (await search({ q: 'citation' })).results.slice(0, 3);
    const refIds = results.map((r) => r.refId);
    const response = await alice.post(`/api/papers/${paper.id}/bibliography`, {
      refIds: [...refIds, refIds[0]],
    });
    expect(response.status).toBe(200);
    const { entries } = response.body as unknown as {
      entries: { refId: string; xrefId: string; text: string }[];
    };
    expect(entries).toHaveLength(3);
    const texts = entries.map((e) => e.text);
    expect(texts).toEqual(
      [...texts].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
    expect(response.body.markdown).toBe(entries.map((e) => `[${e.xrefId}] ${e.text}`).join('\n\n'));
    expect(entries.every((e) => e.xrefId === e.refId.replace('ref_', 'xref_'))).toBe(true);

    const denied = await bob.post(`/api/papers/${paper.id}/bibliography`, { refIds });
    expect(denied.status).toBe(404);

    const saved = await alice.put(`/api/papers/${paper.id}`, { citations: results });
    expect(saved.status).toBe(200);
    const unknown = await alice.put(`/api/papers/${paper.id}`, {
      citations: [{ refId: 'ref_00000000', title: 'Invented' }],
    });
    expect(unknown.body).toEqual({ error: 'Unknown citation: ref_00000000' });
  });

  it('imports BibTeX with a corrupt entry, adds the works to the paper, and exports them', async () => {
    const paper = (await alice.post('/api/papers', { title: 'Imported refs', type: 'essay' })).body;
    const bibtex = [
      '@article{lecun2015deep,',
      '  title = {Deep learning},',
      '  author = {LeCun, Yann and Bengio, Yoshua and Hinton, Geoffrey},',
      '  journal = {Nature}, volume = {521}, pages = {436--444}, year = {2015},',
      '  doi = {10.1038/nature14539}',
      '}',
      '@article{broken,',
      '  title = {Missing brace',
      '@book{knuth1984,',
      '  title = {The TeXbook}, author = {Knuth, Donald E.}, publisher = {Addison-Wesley}, year = {1984}',
      '}',
    ].join('\n');
    const response = await alice.post(`/api/papers/${paper.id}/references/import`, {
      format: 'bibtex',
      text: bibtex,
    });
    expect(response.status).toBe(200);
    const imported = response.body.imported as { title: string; refId: string }[];
    expect(imported.map((w) => w.title).sort()).toEqual(['Deep learning', 'The TeXbook']);
    const errors = response.body.errors as { line: number | null; message: string }[];
    expect(errors.length).toBeGreaterThan(0);
    // The unclosed brace is on line 8, inside the entry that starts on line 7.
    expect(errors[0]).toEqual({ line: 8, message: expect.stringContaining('not closed') });

    const stored = (await alice.get(`/api/papers/${paper.id}`)).body;
    expect((stored.citations as { refId: string }[]).map((c) => c.refId).sort()).toEqual(
      imported.map((w) => w.refId).sort(),
    );

    const exported = await fetch(
      `${server.url}/api/papers/${paper.id}/references/export?format=bibtex`,
      { headers: { cookie: alice.cookieHeader() } },
    );
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toContain('Imported-refs.bib');
    const text = await exported.text();
    expect(text).toContain('title = {Deep learning}');
    expect(text).toContain('doi = {10.1038/nature14539}');

    const csl = await alice.get(`/api/papers/${paper.id}/references/export?format=csl-json`);
    expect((csl.body as unknown as { title: string }[]).map((item) => item.title).sort()).toEqual([
      'Deep learning',
      'The TeXbook',
    ]);

    const denied = await bob.post(`/api/papers/${paper.id}/references/import`, { text: bibtex });
    expect(denied.status).toBe(404);
    expect((await bob.get(`/api/papers/${paper.id}/references/export`)).status).toBe(404);
  });
});
