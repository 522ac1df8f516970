import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_HTML_DEPTH } from '../../../export/pdf/export-pdf';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';

const kinds = await testDatabaseKinds();

/** 100,000 short paragraphs: about 2,300 printed pages. */
const MANY_PARAGRAPHS = '<p>x</p>'.repeat(100_000);
/** The probe's 1 MB unbroken word. */
const LONG_WORD = `Before ${'a'.repeat(1_000_000)} after`;

async function post(server: TestServer, client: TestClient, route: string, body: unknown) {
  const response = await fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      cookie: client.cookieHeader(),
    },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bytes, error: errorOf(bytes) };
}

function errorOf(bytes: Buffer): string | null {
  try {
    return (JSON.parse(bytes.toString('utf8')) as { error?: string }).error ?? null;
  } catch {
    return null;
  }
}

describe.each(kinds)('export limits on %s', (kind) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    server = await startTestServer(kind, { EXPORTS_PER_USER: '1' });
    alice = await server.signedInClient('Alice');
    bob = await server.signedInClient('Bob');
  });
  afterAll(() => server.close());

  async function paper(client: TestClient, content: string): Promise<string> {
    const created = await client.post('/api/papers', { type: 'scientific', title: 'Limits' });
    const id = (created.body as unknown as { id: string }).id;
    const saved = await client.put(`/api/papers/${id}`, { content });
    expect(saved.status).toBe(200);
    return id;
  }

  it('prints a 1 MB unbroken word, breaking it across lines', async () => {
    const id = await paper(alice, LONG_WORD);
    const pdf = await post(server, alice, '/api/html-pdf', { paperId: id });
    expect(pdf.status, pdf.error ?? '').toBe(200);
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 300_000);

  it("refuses a user's export beyond their limit with a clear 429, and no other user's", async () => {
    const slow = await paper(alice, LONG_WORD);
    const quick = await paper(alice, 'A short paper.');
    const bobs = await paper(bob, 'A short paper.');
    // The 1 MB word takes seconds to print; the second request arrives while it runs.
    const first = post(server, alice, '/api/html-pdf', { paperId: slow });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [second, other] = await Promise.all([
      post(server, alice, '/api/html-latex', { paperId: quick }),
      post(server, bob, '/api/html-pdf', { paperId: bobs }),
    ]);
    expect(second.status).toBe(429);
    expect(second.error).toBe(
      'You already have 1 export running. Please wait until it finishes, then export again.',
    );
    expect(other.status, other.error ?? '').toBe(200);
    expect((await first).status).toBe(200);
    // The slot is free again once the export finished.
    expect((await post(server, alice, '/api/html-latex', { paperId: quick })).status).toBe(200);
  }, 300_000);

  it('refuses HTML beyond the page budget before printing it', async () => {
    const answer = await post(server, alice, '/api/html-pdf', { html: MANY_PARAGRAPHS });
    expect(answer.status).toBe(413);
    expect(answer.error).toMatch(
      /^The document is too long to print: about [\d,]+ pages, and the limit is 1,000\.$/,
    );
  }, 300_000);

  it('refuses HTML nested deeper than a document is', async () => {
    const html = `${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}`;
    const answer = await post(server, alice, '/api/html-pdf', { html });
    expect(answer.status).toBe(413);
    expect(answer.error).toMatch(
      new RegExp(
        `^The document is nested too deeply to print: \\d+ levels, and the limit is ${MAX_HTML_DEPTH}\\.$`,
      ),
    );
  }, 300_000);
});

describe.each(kinds)('an export over its time limit on %s', (kind) => {
  let server: TestServer;
  let alice: TestClient;

  beforeAll(async () => {
    // A budget far above the document, so that only time stops it.
    server = await startTestServer(kind, {
      EXPORT_TIMEOUT_SECONDS: '5',
      EXPORT_MAX_PAGES: '1000000',
    });
    alice = await server.signedInClient('Alice');
  });
  afterAll(() => server.close());

  it('is stopped with an error that says why, and the next export works', async () => {
    const answer = await post(server, alice, '/api/html-pdf', { html: MANY_PARAGRAPHS });
    expect(answer.status).toBe(503);
    expect(answer.error).toBe(
      'The paper could not be rendered within 5 seconds, so the export was stopped. Very long unbroken text or deeply nested content can cause this: shorten it and export again.',
    );
    const next = await post(server, alice, '/api/html-pdf', { html: '<p>Short</p>' });
    expect(next.status, next.error ?? '').toBe(200);
  }, 300_000);
});
