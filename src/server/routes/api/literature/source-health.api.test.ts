import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
// Long enough that the searches right after a failure fall inside it.
const BACKOFF_MS = 5000;

type Mode = 'ok' | 'unreachable' | 'slow';

interface Answer {
  results: { refId: string; title: string }[];
  sources: { id: string; status: string }[];
}

const OPENALEX_ANSWER = JSON.stringify({
  meta: { count: 1, per_page: 200, page: 1 },
  results: [
    {
      id: 'https://openalex.org/W1',
      doi: 'https://doi.org/10.5555/network.citations',
      title: 'Citation networks of a field that only OpenAlex knows',
      publication_year: 2021,
      type: 'article',
      cited_by_count: 3,
    },
  ],
});

describe.each(kinds)('outside sources that stop answering, on %s', (kind) => {
  let server: TestServer;
  let client: TestClient;
  let mode: Mode = 'ok';
  const waiting: ServerResponse[] = [];
  let openalex: Awaited<ReturnType<typeof startFakeHttpServer>>;

  beforeAll(async () => {
    openalex = await startFakeHttpServer((_request, response) => {
      // A dropped connection is what fetch sees when nothing can be reached.
      if (mode === 'unreachable') response.socket?.destroy();
      else if (mode === 'slow') waiting.push(response);
      else {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(OPENALEX_ANSWER);
      }
    });
    server = await startTestServer(kind, {
      LITERATURE_SOURCES: 'local,openalex',
      OPENALEX_URL: openalex.url,
      LITERATURE_SOURCE_TIMEOUT_MS: '3000',
      LITERATURE_SOURCE_BACKOFF_MS: String(BACKOFF_MS),
      LITERATURE_CACHE_MINUTES: '0',
    });
    await importLiteratureFile(server.context.database.db, MINI_CORPUS, { origin: 'corpus' });
    client = await server.signedInClient();
  });
  afterAll(async () => {
    for (const response of waiting) response.destroy();
    await server.close();
    await openalex.close();
  });

  async function search(q: string, stage?: 'library'): Promise<Answer> {
    const response = await client.post('/api/search', { n: 100, q, documentTypes: {}, stage });
    expect(response.status).toBe(200);
    return response.body as unknown as Answer;
  }
  const status = (answer: Answer) => answer.sources.find((s) => s.id === 'openalex')?.status;

  it('answers from the library at once while an outside source is still answering', async () => {
    mode = 'slow';
    const asked = openalex.requests.length;
    const first = await search('citation network analysis', 'library');
    expect(status(first)).toBe('pending');
    expect(first.results.length).toBeGreaterThan(0);
    expect(openalex.requests.length).toBe(asked);
  });

  it('skips an unreachable source, then asks it again once a probe finds it answering', async () => {
    mode = 'unreachable';
    const found = await search('citation network analysis');
    expect(status(found)).toBe('unreachable');
    expect(found.results.length).toBeGreaterThan(0);

    // Within the back-off the source is not asked at all, and stage library says it is down.
    const asked = openalex.requests.length;
    const skipped = await search('citation networks');
    expect(status(skipped)).toBe('unreachable');
    expect(skipped.results.length).toBeGreaterThan(0);
    expect(status(await search('citation networks', 'library'))).toBe('unreachable');
    expect(openalex.requests.length).toBe(asked);

    // It comes back; after the back-off a search probes it in the background, and the
    // searches after that ask it again.
    mode = 'ok';
    await vi.waitFor(
      async () => {
        const answer = await search('citation networks');
        expect(status(answer)).toBe('answered');
        expect(answer.results.map((r) => r.title)).toContain(
          'Citation networks of a field that only OpenAlex knows',
        );
      },
      { timeout: BACKOFF_MS * 4, interval: 250 },
    );
  });
});
