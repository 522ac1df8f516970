import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';

const kinds = await testDatabaseKinds();

describe.each(kinds)('papers API on %s', (kind) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    server = await startTestServer(kind);
    alice = await server.signedInClient('Alice');
    bob = await server.signedInClient('Bob');
  });
  afterAll(() => server.close());

  async function create(client: TestClient, fields: Record<string, unknown>) {
    const response = await client.post('/api/papers', { type: 'scientific', ...fields });
    expect(response.status).toBe(201);
    return response.body as unknown as { id: string; title: string; updated_at: string };
  }

  it('creates a paper with every spec field and reads it back', async () => {
    const paper = await create(alice, {
      title: 'Sleep and memory',
      description: 'How sleep consolidates memory',
      methodology: 'Literature Review',
      field: 'Psychology',
      content: '## Introduction\n\nSleep matters [ref_abcd1234].',
    });
    const read = await alice.get(`/api/papers/${paper.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      id: paper.id,
      role: 'owner',
      title: 'Sleep and memory',
      type: 'scientific',
      description: 'How sleep consolidates memory',
      methodology: 'Literature Review',
      field: 'Psychology',
      content: '## Introduction\n\nSleep matters [ref_abcd1234].',
      citations: [],
      language: 'en',
      citation_style: 'apa',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      autosave_title: null,
      autosave_content: null,
      autosaved_at: null,
    });
  });

  it('validates what it creates', async () => {
    const noTitle = await alice.post('/api/papers', { title: '  ', type: 'essay' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body).toEqual({ error: 'title: Title is required' });
    const badType = await alice.post('/api/papers', { title: 'X', type: 'poem' });
    expect(badType.status).toBe(400);
    expect(badType.body).toEqual({ error: 'type: Paper type is not supported' });
  });

  it('lists only the owner’s papers, newest first, and searches them', async () => {
    const carol = await server.signedInClient('Carol');
    await create(carol, { title: 'Graph neural networks for molecules' });
    await create(carol, { title: 'Climate models', description: 'Ocean heat uptake' });
    await create(alice, { title: 'Graph theory homework' });

    const all = await carol.get('/api/papers');
    expect(all.status).toBe(200);
    expect((all.body as { title: string }[]).map((p) => p.title)).toEqual([
      'Climate models',
      'Graph neural networks for molecules',
    ]);
    expect(all.body[0]).not.toHaveProperty('content');

    const graph = await carol.get('/api/papers?search=graph');
    expect((graph.body as { title: string }[]).map((p) => p.title)).toEqual([
      'Graph neural networks for molecules',
    ]);
    const byDescription = await carol.get('/api/papers?search=OCEAN');
    expect((byDescription.body as { title: string }[]).map((p) => p.title)).toEqual([
      'Climate models',
    ]);
    const wildcard = await carol.get(`/api/papers?search=${encodeURIComponent("%' OR 1=1 --")}`);
    expect(wildcard.status).toBe(200);
    expect(wildcard.body).toEqual([]);
  });

  it('updates from the whole paper object and ignores unknown keys', async () => {
    const paper = await create(alice, { title: 'Draft' });
    const current = (await alice.get(`/api/papers/${paper.id}`)).body;
    const updated = await alice.put(`/api/papers/${paper.id}`, {
      ...current,
      title: 'Final title',
      content: '# Heading\n\nText',
      isBeingRewritten: false,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: 'Final title', content: '# Heading\n\nText' });
    expect(Date.parse(updated.body.updated_at as string)).toBeGreaterThanOrEqual(
      Date.parse(paper.updated_at),
    );
    const empty = await alice.put(`/api/papers/${paper.id}`, { title: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: 'title: Title is required' });
  });

  it('deletes a paper', async () => {
    const paper = await create(alice, { title: 'To delete' });
    const deleted = await alice.delete(`/api/papers/${paper.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    expect((await alice.get(`/api/papers/${paper.id}`)).status).toBe(404);
    expect((await alice.delete(`/api/papers/${paper.id}`)).status).toBe(404);
  });

  it('answers 404 to another user for every method, and leaves the paper intact', async () => {
    const paper = await create(alice, { title: 'Private', content: 'secret' });
    const path = `/api/papers/${paper.id}`;
    for (const response of [
      await bob.get(path),
      await bob.put(path, { title: 'Stolen' }),
      await bob.delete(path),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'Paper not found' });
    }
    const list = await bob.get('/api/papers?search=Private');
    expect(list.body).toEqual([]);
    const still = await alice.get(path);
    expect(still.body).toMatchObject({ title: 'Private', content: 'secret' });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await alice.get('/api/papers/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const malformed = await alice.get('/api/papers/not-a-uuid');
    expect(malformed.status).toBe(404);
    expect(malformed.body).toEqual({ error: 'Paper not found' });
  });
});
