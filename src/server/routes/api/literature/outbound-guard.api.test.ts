import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DOI_LOOKUPS_PER_REQUEST } from '../../../citations/doi-lookups';
import { startFakeHttpServer } from '../../../testing/fake-http-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';

const kinds = await testDatabaseKinds();
const SECRET = 'internal-secret-7f3a';

type Fake = Awaited<ReturnType<typeof startFakeHttpServer>>;
type Citation = { doi: string | null; reference: string };

/**
 * Issue 18 item 1: whatever a user asks or stores, the server must not fetch an address on this
 * machine for them, nor hand back what such an address answers.
 */
describe.each(kinds)('outbound requests on a user behalf on %s', (kind) => {
  let server: TestServer;
  let alice: TestClient;
  /** A service on loopback that is not configured: it must receive no request whatever. */
  let internal: Fake;
  /** The configured DOI_RESOLVER_URL (on loopback too, as the operator chose). */
  let resolver: Fake;

  beforeAll(async () => {
    internal = await startFakeHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/x-bibliography' });
      response.end(SECRET);
    });
    resolver = await startFakeHttpServer((request, response) => {
      const path = request.url.pathname;
      if (path.startsWith('/10.5555/to-internal')) {
        response.writeHead(302, { location: `${internal.url}/internal-secret` });
        return response.end();
      }
      if (path.startsWith('/10.5555/batch.')) {
        response.writeHead(200, { 'content-type': 'text/x-bibliography; charset=utf-8' });
        return response.end(`Batch, A. (2020). Work ${path.slice('/10.5555/batch.'.length)}.`);
      }
      if (path === '/10.5555/plain') {
        response.writeHead(200, { 'content-type': 'text/plain' });
        return response.end(`plain ${SECRET}`);
      }
      if (path === '/10.5555/huge') {
        response.writeHead(200, { 'content-type': 'text/x-bibliography' });
        return response.end(`${SECRET} ${'x'.repeat(100_000)}`);
      }
      if (path === '/works') {
        response.writeHead(200, { 'content-type': 'text/x-bibliography' });
        return response.end(`works ${SECRET}`);
      }
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('DOI Not Found');
    });
    server = await startTestServer(kind, { DOI_RESOLVER_URL: resolver.url });
    alice = await server.signedInClient('Alice');
  });
  afterAll(async () => {
    await server.close();
    await resolver.close();
    await internal.close();
  });
  beforeEach(() => {
    resolver.requests.length = 0;
    internal.requests.length = 0;
  });

  async function cite(body: object): Promise<Citation[]> {
    const response = await alice.post('/api/citation', body);
    expect(response.status).toBe(200);
    return response.body.citations as Citation[];
  }

  it('does not follow the resolver to an unconfigured loopback address (POST /api/citation {doi})', async () => {
    const [citation] = await cite({ doi: '10.5555/to-internal' });
    expect(citation).toEqual({
      doi: '10.5555/to-internal',
      reference: '10.5555/to-internal not found',
    });
    expect(resolver.requests).toHaveLength(1);
    expect(internal.requests).toHaveLength(0);
  });

  it(`looks up at most ${DOI_LOOKUPS_PER_REQUEST} of a batch of 200 DOIs and says so for the rest`, async () => {
    const redirected = await cite({
      dois: Array.from({ length: 200 }, (_, i) => `10.5555/to-internal.${i}`),
    });
    expect(redirected).toHaveLength(200);
    expect(JSON.stringify(redirected)).not.toContain(SECRET);
    expect(internal.requests).toHaveLength(0);
    expect(resolver.requests).toHaveLength(DOI_LOOKUPS_PER_REQUEST);

    resolver.requests.length = 0;
    const batch = await cite({ dois: Array.from({ length: 200 }, (_, i) => `10.5555/batch.${i}`) });
    expect(resolver.requests).toHaveLength(DOI_LOOKUPS_PER_REQUEST);
    const found = batch.filter((c) => c.reference.startsWith('Batch, A.'));
    const skipped = batch.filter((c) => c.reference.includes('not looked up'));
    expect(found).toHaveLength(DOI_LOOKUPS_PER_REQUEST);
    expect(skipped).toHaveLength(200 - DOI_LOOKUPS_PER_REQUEST);
    expect(skipped[0]?.reference).toBe(
      `${skipped[0]?.doi} not looked up: only ${DOI_LOOKUPS_PER_REQUEST} lookups on other servers are made per request`,
    );
  });

  it('does not follow a DOI stored by a BibTeX import, through {refIds} or the bibliography', async () => {
    const paper = (await alice.post('/api/papers', { title: 'Imports', type: 'essay' })).body;
    const imported = await alice.post(`/api/papers/${paper.id}/references/import`, {
      format: 'bibtex',
      text: '@misc{probe, title = {Probe title}, doi = {10.5555/to-internal-bib}}',
    });
    expect(imported.status).toBe(200);
    const [work] = imported.body.imported as { refId: string; doi: string }[];
    expect(work?.doi).toBe('10.5555/to-internal-bib');

    const [byRefId] = await cite({ refIds: [work?.refId] });
    expect(byRefId?.reference).toContain('Probe title');
    expect(byRefId?.reference).not.toContain(SECRET);

    const bibliography = await alice.post(`/api/papers/${paper.id}/bibliography`, {
      refIds: [work?.refId],
    });
    expect(bibliography.status).toBe(200);
    expect(bibliography.body.markdown).toContain('Probe title');
    expect(bibliography.body.markdown).not.toContain(SECRET);

    expect(resolver.requests.map((r) => r.url.pathname)).toEqual([
      '/10.5555/to-internal-bib',
      '/10.5555/to-internal-bib',
    ]);
    expect(internal.requests).toHaveLength(0);
  });

  it('refuses a DOI that would reach another path of the resolver host', async () => {
    const [citation] = await cite({ doi: '10.5555/../../works?rows=1' });
    expect(citation?.reference).toBe('10.5555/../../works?rows=1 not found');
    expect(resolver.requests).toHaveLength(0);
  });

  it('refuses an answer of another content type or beyond the size cap', async () => {
    const citations = await cite({ dois: ['10.5555/plain', '10.5555/huge'] });
    expect(citations.map((c) => c.reference)).toEqual([
      '10.5555/plain not found',
      '10.5555/huge not found',
    ]);
    expect(resolver.requests).toHaveLength(2);
  });
});
