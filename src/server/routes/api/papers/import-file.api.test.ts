import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PANDOC_MARKDOWN, pandocWrite } from '../../../files/convert/testing/fixture-files';
import { PAPER_NOT_EMPTY_MESSAGE } from '../../../papers/import-file-content';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';

const kinds = await testDatabaseKinds();

const DOCUMENT = `${FIXTURE_PANDOC_MARKDOWN}\nSleep helps recall [ref_abc12345].\n`;

interface Paper {
  id: string;
  content: string;
  updated_at: string;
}

describe.each(kinds)('POST /api/papers/:id/import-file on %s', (kind) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let docx: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    alice = await server.signedInClient('Alice');
    bob = await server.signedInClient('Bob');
    docx = Buffer.from(await pandocWrite('docx', DOCUMENT)).toString('base64');
  });
  afterAll(() => server.close());

  async function importPaper(content = ''): Promise<{ paper: Paper; fileId: string }> {
    const created = await alice.post('/api/papers', { title: 'Imported', type: 'import', content });
    const paper = created.body as unknown as Paper;
    const fileId = randomUUID();
    const upload = await alice.post('/api/convertToMarkdown', {
      fileName: 'draft.docx',
      fileData: docx,
      streaming: true,
      paperId: paper.id,
      fileId,
      goal: 'document',
    });
    expect(upload.text).toContain('[STATUS:FINISHED]');
    return { paper, fileId };
  }

  it('makes the converted document the content of an empty paper', async () => {
    const { paper, fileId } = await importPaper();
    const answer = await alice.post(`/api/papers/${paper.id}/import-file`, { fileId });
    expect(answer.status).toBe(200);
    const content = (answer.body as unknown as Paper).content;
    expect(content).toMatch(/^# Sleep and Memory$/m);
    expect(content).toMatch(/^## Results$/m);
    expect(content).toMatch(/^\| Treatment \| 4\.25 \|$/m);
    expect(content).toContain('$$\\frac{a}{b} = c$$');
    expect(content).toContain('Sleep helps recall [ref_abc12345].');

    const stored = (await alice.get(`/api/papers/${paper.id}`)).body as unknown as Paper;
    expect(stored.content).toBe(content);
    // The empty paper it replaced is kept in the version history.
    const history = await alice.get(`/api/papers/${paper.id}/history`);
    expect(JSON.stringify(history.body)).toContain('Imported from draft.docx');
  });

  it('never overwrites a paper that has content', async () => {
    const { paper, fileId } = await importPaper('My own draft.');
    const answer = await alice.post(`/api/papers/${paper.id}/import-file`, { fileId });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe(PAPER_NOT_EMPTY_MESSAGE);
    const stored = (await alice.get(`/api/papers/${paper.id}`)).body as unknown as Paper;
    expect(stored.content).toBe('My own draft.');
  });

  it('answers 404 for another user, another paper’s file and unknown ids', async () => {
    const { paper, fileId } = await importPaper();
    const other = (await alice.post('/api/papers', { title: 'Other', type: 'import' }))
      .body as unknown as Paper;
    expect((await bob.post(`/api/papers/${paper.id}/import-file`, { fileId })).status).toBe(404);
    expect((await alice.post(`/api/papers/${other.id}/import-file`, { fileId })).status).toBe(404);
    const unknown = await alice.post(`/api/papers/${paper.id}/import-file`, {
      fileId: randomUUID(),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('File not found');
    const malformed = await alice.post(`/api/papers/${paper.id}/import-file`, { fileId: 'x' });
    expect(malformed.status).toBe(404);
    expect((await alice.post(`/api/papers/${paper.id}/import-file`, {})).status).toBe(400);
    const stored = (await alice.get(`/api/papers/${paper.id}`)).body as unknown as Paper;
    expect(stored.content).toBe('');
  });
});
