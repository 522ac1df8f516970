import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAPER_TYPES } from '../../../../shared/papers/paper-types';
import { inArray } from 'drizzle-orm';
import { startDraftSweeper, UNREACHABLE_DRAFT_MS } from '../../../ai/structure/draft-sweeper';
import { papers, works } from '../../../db/schema';
import { importLiteratureFile } from '../../../literature/corpus/import-literature-file';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { MINI_CORPUS } from '../ai/ai-test-support';

const kinds = await testDatabaseKinds();

const PROPERTIES = {
  title: 'Sleep and memory',
  description: 'How sleep consolidates memory',
  methodology: 'Literature Review',
  fieldOfResearch: 'Psychology',
};

describe.each(kinds)('the wizard’s temporary papers on %s', (kind) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    server = await startTestServer(kind);
    await importLiteratureFile(server.context.database.db, MINI_CORPUS, { origin: 'corpus' });
    alice = await server.signedInClient('Alice');
    bob = await server.signedInClient('Bob');
  });
  afterAll(() => server.close());

  async function createTemp(client: TestClient, body: Record<string, unknown> = {}) {
    const response = await client.post('/api/papers/temp', {
      type: 'scientific',
      ...PROPERTIES,
      ...body,
    });
    expect(response.status).toBe(201);
    return response.body.id as string;
  }

  async function eventually(check: () => Promise<boolean>) {
    for (let i = 0; i < 200; i += 1) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('condition never met');
  }

  async function listedIds(client: TestClient) {
    const { body } = await client.get('/api/papers');
    return (body as unknown as { id: string }[]).map((paper) => paper.id);
  }

  it('creates a draft of every paper type that the list hides until Save finalizes it', async () => {
    for (const type of PAPER_TYPES) {
      const id = await createTemp(alice, { type });
      expect(await listedIds(alice)).not.toContain(id);
      const content = '# Sleep and memory\n\n## Introduction\n\n## Methods';
      const saved = await alice.post(`/api/papers/${id}/finalize`, {
        type,
        content,
        properties: { ...PROPERTIES, title: `Sleep and memory (${type})` },
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        id,
        type,
        title: `Sleep and memory (${type})`,
        description: PROPERTIES.description,
        methodology: PROPERTIES.methodology,
        field: PROPERTIES.fieldOfResearch,
        content,
      });
      expect(await listedIds(alice)).toContain(id);
    }
  });

  it('answers the spec’s validation texts', async () => {
    expect(await alice.post('/api/papers/temp', { title: 'X' })).toMatchObject({
      status: 400,
      body: { error: 'Paper type is required' },
    });
    expect((await alice.post('/api/papers/temp', { type: 'poem' })).body).toEqual({
      error: 'type: Paper type is not supported',
    });
    const id = await createTemp(alice);
    const noTitle = await alice.post(`/api/papers/${id}/finalize`, {
      type: 'scientific',
      content: '',
      properties: { ...PROPERTIES, title: '  ' },
    });
    expect(noTitle).toMatchObject({ status: 400, body: { error: 'Title is required' } });
    const noType = await alice.post(`/api/papers/${id}/finalize`, {
      type: '',
      content: '',
      properties: PROPERTIES,
    });
    expect(noType).toMatchObject({ status: 400, body: { error: 'Paper type is required' } });
    // Nothing was saved by the refused attempts.
    expect(await listedIds(alice)).not.toContain(id);
  });

  it('cancel removes the draft and never a saved paper', async () => {
    const id = await createTemp(alice);
    expect((await alice.post(`/api/papers/${id}/cancel`, { structureJobId: null })).body).toEqual({
      success: true,
    });
    expect((await alice.get(`/api/papers/${id}`)).status).toBe(404);

    const kept = await createTemp(alice);
    await alice.post(`/api/papers/${kept}/finalize`, {
      type: 'essay',
      content: '## A',
      properties: PROPERTIES,
    });
    expect(await alice.post(`/api/papers/${kept}/cancel`, {})).toMatchObject({
      status: 409,
      body: { error: 'A saved paper cannot be discarded' },
    });
    expect((await alice.get(`/api/papers/${kept}`)).status).toBe(200);
    expect(
      await alice.post(`/api/papers/${kept}/finalize`, {
        type: 'essay',
        content: '',
        properties: PROPERTIES,
      }),
    ).toMatchObject({ status: 409, body: { error: 'Paper is already saved' } });
  });

  it('Save keeps the structure’s works as the paper’s citations, stored works only', async () => {
    const [stored] = await server.context.database.db
      .select({ refId: works.refId })
      .from(works)
      .limit(1);
    const id = await createTemp(alice);
    const unknown = await alice.post(`/api/papers/${id}/finalize`, {
      type: 'scientific',
      content: '## Introduction',
      citations: [{ refId: 'ref_zzzzzzzz' }],
      properties: PROPERTIES,
    });
    expect(unknown).toMatchObject({
      status: 400,
      body: { error: 'Unknown citation: ref_zzzzzzzz' },
    });
    expect(await listedIds(alice)).not.toContain(id);
    const saved = await alice.post(`/api/papers/${id}/finalize`, {
      type: 'scientific',
      content: '## Introduction',
      citations: [{ refId: stored!.refId }],
      properties: PROPERTIES,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.citations).toEqual([{ refId: stored!.refId }]);
  });

  it('is owner-scoped: 404 for anyone else on every route', async () => {
    const id = await createTemp(alice);
    const finalize = await bob.post(`/api/papers/${id}/finalize`, {
      type: 'scientific',
      content: 'taken',
      properties: PROPERTIES,
    });
    expect(finalize).toMatchObject({ status: 404, body: { error: 'Paper not found' } });
    expect((await bob.post(`/api/papers/${id}/cancel`, {})).status).toBe(404);
    expect((await bob.get(`/api/papers/${id}`)).status).toBe(404);
    expect((await bob.post('/api/papers/not-a-uuid/cancel', {})).status).toBe(404);
    // Alice's draft is untouched.
    const read = await alice.get(`/api/papers/${id}`);
    expect(read.body).toMatchObject({ title: PROPERTIES.title, content: '' });
  });

  it('sweeps away a day-old draft the jobs list cannot lead back to, and nothing else', async () => {
    const leftBehind = await createTemp(alice);
    const withStructure = await createTemp(alice);
    const stillOpen = await createTemp(alice);
    const saved = await createTemp(alice);
    await alice.post(`/api/papers/${saved}/finalize`, {
      type: 'scientific',
      content: '## Introduction',
      properties: PROPERTIES,
    });
    const structure = await alice.post('/api/structure', {
      ...PROPERTIES,
      field: PROPERTIES.fieldOfResearch,
      paperType: 'scientific',
      paperId: withStructure,
    });
    expect(structure.status).toBe(202);
    await eventually(async () => {
      const { body } = await alice.get(`/api/structure?jobId=${structure.body.jobId as string}`);
      return body.status === 'completed';
    });
    const { db } = server.context.database;
    await db
      .update(papers)
      .set({ updatedAt: new Date(Date.now() - UNREACHABLE_DRAFT_MS - 60_000) })
      .where(inArray(papers.id, [leftBehind, withStructure, saved]));

    const stop = startDraftSweeper(server.context.database, () => {});
    try {
      await eventually(async () => (await alice.get(`/api/papers/${leftBehind}`)).status === 404);
    } finally {
      stop();
    }
    for (const id of [withStructure, stillOpen, saved]) {
      expect((await alice.get(`/api/papers/${id}`)).status).toBe(200);
    }
    const listed = await alice.get('/api/refine-structure/jobs');
    expect(listed.body.jobs).toEqual(
      expect.arrayContaining([expect.objectContaining({ jobId: structure.body.jobId })]),
    );
  });
});
