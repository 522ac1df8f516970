import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { papers } from '../../../db/schema';
import { restoreVersion } from '../../../papers/restore-version';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';

const kinds = await testDatabaseKinds();

interface PaperBody {
  id: string;
  title: string;
  content: string;
  updated_at: string;
  autosave_title: string | null;
  autosave_content: string | null;
}

describe.each(kinds)('saving, autosave and history on %s', (kind) => {
  let server: TestServer;
  let alice: TestClient;
  let mallory: TestClient;

  beforeAll(async () => {
    server = await startTestServer(kind);
    alice = await server.signedInClient('Alice Author');
    mallory = await server.signedInClient('Mallory');
  });
  afterAll(() => server.close());

  async function newPaper(content = 'Version one') {
    const created = await alice.post('/api/papers', {
      title: 'History test',
      type: 'essay',
      description: 'About versions',
      content,
    });
    return created.body as unknown as PaperBody;
  }

  async function read(id: string) {
    return (await alice.get(`/api/papers/${id}`)).body as unknown as PaperBody;
  }

  /** The paper's history, newest first. */
  async function versions(id: string) {
    return (await alice.get(`/api/papers/${id}/history`)).body.history as {
      history_id: string;
      version_number: number;
      content: string;
      version_comment: string;
    }[];
  }

  it('records the replaced state as a numbered version on every save', async () => {
    const paper = await newPaper();
    const second = await alice.put(`/api/papers/${paper.id}`, { ...paper, content: 'Version two' });
    expect(second.status).toBe(200);
    const third = await alice.put(`/api/papers/${paper.id}`, {
      ...(second.body as unknown as PaperBody),
      content: 'Version three',
    });
    expect(third.status).toBe(200);

    const history = await alice.get(`/api/papers/${paper.id}/history`);
    expect(history.status).toBe(200);
    const entries = history.body.history as Record<string, unknown>[];
    expect(entries.map((entry) => [entry.version_number, entry.content])).toEqual([
      [2, 'Version two'],
      [1, 'Version one'],
    ]);
    expect(entries[0]).toEqual({
      history_id: expect.any(String),
      version_number: 2,
      version_created_at: expect.any(String),
      version_created_by_name: 'Alice Author',
      version_comment: '',
      title: 'History test',
      type: 'essay',
      description: 'About versions',
      methodology: '',
      field: '',
      content: 'Version two',
      citations: [],
    });
  });

  // The policy reads the paper with the user's role (one statement), then the save is one; the
  // PUT then writes its content through the live document, which has statements of its own.
  it('saves in one statement after the policy’s read once the session is known', async () => {
    const paper = await newPaper();
    await read(paper.id);
    const queries: string[] = [];
    const stop = server.context.database.queryLog.watch((query) => queries.push(query));
    try {
      const { updated_at: _loaded, ...edited } = { ...paper, content: 'One round trip' };
      expect((await alice.put(`/api/papers/${paper.id}`, edited)).status).toBe(200);
    } finally {
      stop();
    }
    // The live document's own statements (and a previous write's, persisted after its answer)
    // come and go around these two.
    expect(queries.filter((query) => query.includes('paper_members'))).toHaveLength(1);
    expect(queries.filter((query) => query.includes('paper_history'))).toHaveLength(1);
    const history = (await alice.get(`/api/papers/${paper.id}/history`)).body.history as {
      content: string;
    }[];
    expect(history.map((entry) => entry.content)).toEqual(['Version one']);
  });

  it('keeps every replaced state when saves of one paper race', async () => {
    const paper = await newPaper();
    const edits = ['A', 'B', 'C', 'D', 'E', 'F'].map((letter) => `Edit ${letter}`);
    // No updated_at: each save goes through, and each must keep what it replaced.
    const saves = await Promise.all(
      edits.map((content) => alice.put(`/api/papers/${paper.id}`, { content })),
    );
    expect(saves.map((save) => save.status)).toEqual(edits.map(() => 200));
    const history = (await alice.get(`/api/papers/${paper.id}/history`)).body.history as {
      version_number: number;
      content: string;
    }[];
    expect(history.map((entry) => entry.version_number)).toEqual([6, 5, 4, 3, 2, 1]);
    const final = (await read(paper.id)).content;
    expect([...history.map((entry) => entry.content), final].sort()).toEqual(
      ['Version one', ...edits].sort(),
    );
  });

  it('numbers versions from the history for a paper saved before the version counter', async () => {
    const paper = await newPaper();
    const saved = await alice.put(`/api/papers/${paper.id}`, { ...paper, content: 'Version two' });
    await server.context.database.db
      .update(papers)
      .set({ lastVersionNumber: 0 })
      .where(eq(papers.id, paper.id));
    await alice.put(`/api/papers/${paper.id}`, { ...saved.body, content: 'Version three' });
    const history = (await alice.get(`/api/papers/${paper.id}/history`)).body.history as {
      version_number: number;
      content: string;
    }[];
    expect(history.map((entry) => [entry.version_number, entry.content])).toEqual([
      [2, 'Version two'],
      [1, 'Version one'],
    ]);
  });

  it('does not record a version when nothing changed', async () => {
    const paper = await newPaper();
    await alice.put(`/api/papers/${paper.id}`, { ...paper });
    const history = await alice.get(`/api/papers/${paper.id}/history`);
    expect(history.body.history).toEqual([]);
  });

  it('saves a change of language alone', async () => {
    const paper = await newPaper();
    const saved = await alice.put(`/api/papers/${paper.id}`, { language: 'de' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ language: 'de' });
    expect((await alice.get(`/api/papers/${paper.id}`)).body).toMatchObject({ language: 'de' });
  });

  it('restores a version and keeps the current one in history', async () => {
    const paper = await newPaper();
    const saved = await alice.put(`/api/papers/${paper.id}`, { ...paper, content: 'Edited' });
    const [versionOne] = (await alice.get(`/api/papers/${paper.id}/history`)).body.history as {
      history_id: string;
    }[];
    const restore = await alice.post(`/api/papers/${paper.id}/history/restore`, {
      historyId: versionOne?.history_id,
    });
    expect(restore.status).toBe(200);
    expect(restore.body).toMatchObject({
      success: true,
      restoredFromVersion: 1,
      paper: { title: 'History test', content: 'Version one', citations: [] },
    });
    expect((await read(paper.id)).content).toBe('Version one');
    const entries = (await alice.get(`/api/papers/${paper.id}/history`)).body.history as {
      version_number: number;
      content: string;
      version_comment: string;
    }[];
    expect(entries[0]).toMatchObject({
      version_number: 2,
      content: (saved.body as unknown as PaperBody).content,
      version_comment: 'Before restoring version 1',
    });
  });

  // Issue 32: the version a restore keeps is the live text it replaces, unsaved typing included
  // (was: the last saved text), so restoring that version undoes the restore.
  it('keeps the live text a restore replaces in history, and restoring it undoes the restore', async () => {
    const paper = await newPaper();
    await alice.put(`/api/papers/${paper.id}`, { ...paper, content: 'Edited' });
    // Typing not saved yet, as the editor stores it in the live document.
    const typed = await alice.post('/api/autosave', {
      paperId: paper.id,
      title: paper.title,
      content: 'Edited, then typed.',
    });
    expect(typed.status).toBe(200);
    const history = () => versions(paper.id);
    const versionOne = (await history()).find((entry) => entry.version_number === 1);
    const restore = await alice.post(`/api/papers/${paper.id}/history/restore`, {
      historyId: versionOne?.history_id,
    });
    expect(restore.body).toMatchObject({ paper: { content: 'Version one' } });
    const [kept] = await history();
    expect(kept).toMatchObject({
      version_number: 2,
      content: 'Edited, then typed.',
      version_comment: 'Before restoring version 1',
    });

    const undo = await alice.post(`/api/papers/${paper.id}/history/restore`, {
      historyId: kept?.history_id,
    });
    expect(undo.body).toMatchObject({ paper: { content: 'Edited, then typed.' } });
    expect((await read(paper.id)).content).toBe('Edited, then typed.');
    expect((await history()).map((entry) => [entry.version_number, entry.content])).toEqual([
      [3, 'Version one'],
      [2, 'Edited, then typed.'],
      [1, 'Version one'],
    ]);
  });

  // The history row comes before the live change: a crash between them loses nothing, and
  // typing that lands between the reading and the change is in the kept version.
  it('keeps the replaced text in history before the live document changes', async () => {
    const { db } = server.context.database;
    const { liveDocuments } = server.context;
    const paper = await newPaper();
    await alice.put(`/api/papers/${paper.id}`, { ...paper, content: 'Edited' });
    const [row] = await db
      .select({ ownerId: papers.ownerId })
      .from(papers)
      .where(eq(papers.id, paper.id));
    const request = {
      actor: { id: row!.ownerId },
      userName: 'Alice',
      paperId: paper.id,
      historyId: (await versions(paper.id)).find((entry) => entry.version_number === 1)!.history_id,
    };
    const origin = { writer: 'test' };

    // The process dies as the change is to be applied.
    await expect(
      restoreVersion(db, request, {
        markdown: async () => (await liveDocuments.snapshot(paper.id)).markdown,
        replace: () => Promise.reject(new Error('killed')),
      }),
    ).rejects.toThrow('killed');
    expect((await liveDocuments.snapshot(paper.id)).markdown).toBe('Edited');
    expect((await versions(paper.id))[0]).toMatchObject({
      version_number: 2,
      content: 'Edited',
      version_comment: 'Before restoring version 1',
    });

    // A tab's typing reaches the live document between the reading and the change.
    const restored = await restoreVersion(db, request, {
      markdown: async () => (await liveDocuments.snapshot(paper.id)).markdown,
      replace: async (content) => {
        await liveDocuments.applyMarkdown(paper.id, 'Edited, typed meanwhile.', origin);
        return liveDocuments.replaceMarkdown(paper.id, content, origin);
      },
    });
    expect(restored.content).toBe('Version one');
    expect((await versions(paper.id))[0]).toMatchObject({
      content: 'Edited, typed meanwhile.',
      version_comment: 'Before restoring version 1',
    });
  });

  it('answers 404 for an unknown version and a malformed one', async () => {
    const paper = await newPaper();
    const unknown = await alice.post(`/api/papers/${paper.id}/history/restore`, {
      historyId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Version not found' });
    const malformed = await alice.post(`/api/papers/${paper.id}/history/restore`, {
      historyId: 'x',
    });
    expect(malformed.status).toBe(400);
  });

  // Issue 32: the live document merges writers, so a save over a newer version is no longer
  // refused (was: 409 with the stored paper); each save is a version in the history.
  it('keeps both saves of two tabs as versions, with no 409', async () => {
    const paper = await newPaper();
    const firstTab = await alice.put(`/api/papers/${paper.id}`, { ...paper, content: 'Tab one' });
    expect(firstTab.status).toBe(200);
    const secondTab = await alice.put(`/api/papers/${paper.id}`, { ...paper, content: 'Tab two' });
    expect(secondTab.status).toBe(200);
    expect((await read(paper.id)).content).toBe('Tab two');
    const history = (await alice.get(`/api/papers/${paper.id}/history`)).body.history as {
      content: string;
    }[];
    expect(history.map((version) => version.content)).toEqual(['Tab one', 'Version one']);
  });

  // Issue 32: the live document is what autosave was: an autosave's content is the paper's
  // content at once (was: kept in autosave_content beside it); no version is made.
  it('applies an autosave to the live document and keeps its title beside the saved one', async () => {
    const paper = await newPaper();
    const autosave = await alice.post('/api/autosave', {
      paperId: paper.id,
      title: 'Draft title',
      content: 'Unsaved words',
    });
    expect(autosave.body).toEqual({ success: true });
    const withDraft = await read(paper.id);
    expect(withDraft).toMatchObject({
      content: 'Unsaved words',
      autosave_title: 'Draft title',
      updated_at: paper.updated_at,
    });
    expect((await alice.get(`/api/papers/${paper.id}/history`)).body.history).toEqual([]);

    expect((await alice.delete('/api/autosave', { paperId: paper.id })).body).toEqual({
      success: true,
    });
    expect(await read(paper.id)).toMatchObject({ autosave_title: null, content: 'Unsaved words' });
  });

  it('saves as a new paper with the original’s properties', async () => {
    const paper = await newPaper();
    const response = await alice.post('/api/paper/save-as', {
      originalPaperId: paper.id,
      newName: 'History test (copy)',
      content: 'Copied text',
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, newPaperId: expect.any(String) });
    const copy = await read(response.body.newPaperId as string);
    expect(copy).toMatchObject({
      title: 'History test (copy)',
      content: 'Copied text',
      type: 'essay',
      description: 'About versions',
    });
    expect((await read(paper.id)).content).toBe('Version one');

    const blank = await alice.post('/api/paper/save-as', {
      originalPaperId: paper.id,
      newName: '  ',
      content: 'x',
    });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ error: 'newName: Name is required' });
  });

  it('denies another user every save, autosave and history route with 404', async () => {
    const paper = await newPaper();
    await alice.put(`/api/papers/${paper.id}`, { ...paper, content: 'Second' });
    const [version] = (await alice.get(`/api/papers/${paper.id}/history`)).body.history as {
      history_id: string;
    }[];
    const responses = [
      await mallory.get(`/api/papers/${paper.id}/history`),
      await mallory.post(`/api/papers/${paper.id}/history/restore`, {
        historyId: version?.history_id,
      }),
      await mallory.post('/api/autosave', { paperId: paper.id, title: 'x', content: 'x' }),
      await mallory.delete('/api/autosave', { paperId: paper.id }),
      await mallory.post('/api/paper/save-as', {
        originalPaperId: paper.id,
        newName: 'Stolen',
        content: 'x',
      }),
    ];
    for (const response of responses) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'Paper not found' });
    }
    const intact = await read(paper.id);
    expect(intact).toMatchObject({ content: 'Second', autosave_content: null });
    expect((await mallory.get('/api/papers')).body).toEqual([]);
  });
});
