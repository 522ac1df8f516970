import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';

const kinds = await testDatabaseKinds();

/** A built client with one walkthrough screenshot, as `vite build` copies src/app/public. */
function clientFixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'scriptor-client-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Scriptor</title>');
  mkdirSync(path.join(dir, 'narrative'));
  writeFileSync(path.join(dir, 'narrative', '01-add-paper.webp'), 'RIFF0000WEBP');
  return dir;
}

describe.each(kinds)('first contact API on %s', (kind) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { clientDir: clientFixture() });
    alice = await server.signedInClient('Alice');
    bob = await server.signedInClient('Bob');
  });
  afterAll(() => server.close());

  it('lists the example papers to visitors, one per main paper type', async () => {
    const list = await server.client().get('/api/examples');
    expect(list.status).toBe(200);
    const examples = list.body.examples as { id: string; type: string; title: string }[];
    expect(examples.map((example) => example.type).sort()).toEqual([
      'assignment',
      'essay',
      'literature_review',
      'scientific',
    ]);
    const one = await server.client().get(`/api/examples/${examples[0]?.id}`);
    expect(one.status).toBe(200);
    expect(one.body.content).toContain('## References');
    expect(
      await server
        .client()
        .get('/api/examples/nope')
        .then((r) => r.status),
    ).toBe(404);
  });

  it('copies an example into the user’s papers with its citations, saveable as it is', async () => {
    expect((await server.client().post('/api/examples/essay/copy')).status).toBe(401);
    const copy = await alice.post('/api/examples/essay/copy');
    expect(copy.status).toBe(201);
    const paper = copy.body as unknown as {
      id: string;
      title: string;
      content: string;
      citations: unknown[];
    };
    expect(paper.title).toBe('Can We Trust Models We Cannot Read?');
    const refIds = (paper.citations as { refId: string }[]).map((work) => work.refId);
    expect(refIds.length).toBe(3);
    for (const refId of refIds) expect(paper.content).toContain(`[${refId}`);

    // The cited works are stored, so the editor's save with these citations is accepted.
    const saved = await alice.put(`/api/papers/${paper.id}`, {
      content: `${paper.content}\nA new line.`,
      citations: paper.citations,
    });
    expect(saved.status).toBe(200);
    expect((await alice.get('/api/papers')).body.map((p) => (p as { id: string }).id)).toContain(
      paper.id,
    );
    expect((await bob.get(`/api/papers/${paper.id}`)).status).toBe(404);
  });

  it('remembers per user which tours were shown', async () => {
    expect((await server.client().get('/api/tours')).status).toBe(401);
    expect((await alice.get('/api/tours')).body).toEqual({ seen: [] });
    expect((await alice.post('/api/tours/seen', { tours: ['landing'] })).body).toEqual({
      seen: ['landing'],
    });
    await alice.post('/api/tours/seen', { tours: ['editor', 'landing'] });
    expect((await alice.get('/api/tours')).body).toEqual({ seen: ['editor', 'landing'] });
    expect((await bob.get('/api/tours')).body).toEqual({ seen: [] });

    const unknown = await alice.post('/api/tours/seen', { tours: ['cellar'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('Unknown tour');
  });

  it('answers HEAD for walkthrough screenshots without caching, and 404 for missing ones', async () => {
    const found = await fetch(`${server.url}/narrative/01-add-paper.webp`, { method: 'HEAD' });
    expect(found.status).toBe(200);
    expect(found.headers.get('cache-control')).toBe('no-store');
    const missing = await fetch(`${server.url}/narrative/02-choose-type.webp`, { method: 'HEAD' });
    expect(missing.status).toBe(404);
    // A GET of a missing screenshot is not answered with the app's page either.
    const missingGet = await fetch(`${server.url}/narrative/02-choose-type.webp`);
    expect(missingGet.status).toBe(404);
  });
});
