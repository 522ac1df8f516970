import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStream } from '../../../../shared/ai/stream-markers';
import { hostileFiles } from '../../../files/convert/testing/hostile-files';
import { promptFilesForPaper } from '../../../files/prompt-files';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';

const kinds = await testDatabaseKinds();

const NOTES =
  '# Notes\n\n- first point\n- second point\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\n$$x^2$$';

interface Upload {
  status: number;
  chunks: string[];
  body: string;
}

/** Posts an upload and reads the streamed answer chunk by chunk, as the dialog does. */
async function upload(
  server: TestServer,
  client: TestClient,
  fields: { fileName: string; bytes: Uint8Array; paperId: string; goal?: string; fileId?: string },
): Promise<Upload> {
  const response = await fetch(`${server.url}/api/convertToMarkdown`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.url,
      cookie: client.cookieHeader(),
    },
    body: JSON.stringify({
      fileName: fields.fileName,
      fileData: Buffer.from(fields.bytes).toString('base64'),
      streaming: true,
      paperId: fields.paperId,
      fileId: fields.fileId,
      goal: fields.goal ?? 'supporting_material',
    }),
  });
  const chunks: string[] = [];
  const decoder = new TextDecoder();
  const reader = response.body?.getReader();
  for (;;) {
    const next = await reader?.read();
    if (!next || next.done) break;
    chunks.push(decoder.decode(next.value, { stream: true }));
  }
  return { status: response.status, chunks, body: chunks.join('') };
}

const text = (value: string) => new Uint8Array(Buffer.from(value, 'utf8'));

describe.each(kinds)('files API on %s', (kind) => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let paperId: string;

  beforeAll(async () => {
    server = await startTestServer(kind, { UPLOAD_MAX_MB: '1' });
    alice = await server.signedInClient('Alice');
    bob = await server.signedInClient('Bob');
    const paper = await alice.post('/api/papers', { title: 'Sleep', type: 'assignment' });
    paperId = (paper.body as unknown as { id: string }).id;
  });
  afterAll(() => server.close());

  it('streams progress, the markdown and FINISHED, and stores the file', async () => {
    const fileId = randomUUID();
    const answer = await upload(server, alice, {
      fileName: 'notes.txt',
      bytes: text(NOTES),
      paperId,
      goal: 'rubrics',
      fileId,
    });
    expect(answer.status).toBe(200);
    expect(answer.chunks[0]).toMatch(/^\[STATUS:/);
    expect(answer.body.endsWith('[STATUS:FINISHED]')).toBe(true);
    // The client rules of 000 §4: STATUS chunks are skipped, the rest is the content.
    const content = answer.body.replace(/\[STATUS:[^\]]*\]/g, '').trim();
    expect(content).toBe(NOTES);
    const parsed = parseStream(`[PART:content]${answer.body}`);
    expect(parsed.finished).toBe(true);
    expect(parsed.error).toBeNull();
    expect(parsed.statuses).toContain('Read as utf-8');

    const list = await alice.get(`/api/files?paperId=${paperId}`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      files: [
        {
          id: fileId,
          paper_id: paperId,
          filename: 'notes.txt',
          goal: 'rubrics',
          contents: NOTES,
          size: NOTES.length,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      ],
    });
  });

  it('saves edited contents and deletes a file', async () => {
    const answer = await upload(server, alice, {
      fileName: 'data.csv',
      bytes: text('Group,Score\nControl,3.5\n'),
      paperId,
    });
    expect(answer.body).toContain('| Group | Score |');
    const files = (await alice.get(`/api/files?paperId=${paperId}`)).body.files as {
      id: string;
      filename: string;
    }[];
    const csv = files.find((file) => file.filename === 'data.csv');
    expect(csv).toBeDefined();

    const saved = await alice.put('/api/files', { fileId: csv?.id, contents: '## Edited' });
    expect(saved.status).toBe(200);
    expect((saved.body.file as { contents: string }).contents).toBe('## Edited');

    const deleted = await alice.delete(`/api/files?fileId=${csv?.id}`);
    expect(deleted.status).toBe(200);
    const after = (await alice.get(`/api/files?paperId=${paperId}`)).body.files as unknown[];
    expect(after.some((file) => (file as { id: string }).id === csv?.id)).toBe(false);
    expect((await alice.delete(`/api/files?fileId=${csv?.id}`)).status).toBe(404);
  });

  it('answers 404 to anyone but the paper’s owner, on every route', async () => {
    const fileId = randomUUID();
    await upload(server, alice, { fileName: 'mine.txt', bytes: text('Mine'), paperId, fileId });

    const foreignUpload = await upload(server, bob, {
      fileName: 'x.txt',
      bytes: text('x'),
      paperId,
    });
    expect(foreignUpload.status).toBe(404);
    expect(JSON.parse(foreignUpload.body)).toEqual({ error: 'Paper not found' });

    expect((await bob.get(`/api/files?paperId=${paperId}`)).status).toBe(404);
    expect((await bob.put('/api/files', { fileId, contents: 'stolen' })).status).toBe(404);
    expect((await bob.delete(`/api/files?fileId=${fileId}`)).status).toBe(404);
    expect((await bob.get('/api/files?paperId=not-a-uuid')).status).toBe(404);

    // Bob cannot overwrite Alice's file by reusing its id on his own paper.
    const bobsPaper = await bob.post('/api/papers', { title: 'Bob', type: 'scientific' });
    const hijack = await upload(server, bob, {
      fileName: 'x.txt',
      bytes: text('overwritten'),
      paperId: (bobsPaper.body as unknown as { id: string }).id,
      goal: 'quantitative_results',
      fileId,
    });
    expect(hijack.status).toBe(404);
    const mine = (await alice.get(`/api/files?paperId=${paperId}`)).body.files as {
      id: string;
      contents: string;
    }[];
    expect(mine.find((file) => file.id === fileId)?.contents).toBe('Mine');

    expect((await server.client().get(`/api/files?paperId=${paperId}`)).status).toBe(401);
  });

  it('hands the paper’s files to the prompt builder, only for its owner', async () => {
    const userId = async (client: TestClient) =>
      ((await client.get('/api/me')).body.user as { id: string }).id;
    const request = { paperId, focusText: 'notes', tokenBudget: 100_000 };
    const mine = await promptFilesForPaper(server.context, {
      ...request,
      ownerId: await userId(alice),
    });
    expect(mine.shortened).toEqual([]);
    expect(mine.files.find((file) => file.filename === 'notes.txt')).toMatchObject({
      goal: 'rubrics',
      markdown: NOTES,
    });
    const theirs = await promptFilesForPaper(server.context, {
      ...request,
      ownerId: await userId(bob),
    });
    expect(theirs).toEqual({ files: [], shortened: [] });
  });

  it('refuses bad uploads before converting, with clear messages', async () => {
    const cases: [keyof typeof hostileFiles, number, RegExp][] = [
      ['empty', 400, /This file is empty\./],
      ['renamedBinary', 400, /does not match its \.docx extension/],
      ['wrongExtension', 400, /does not match its \.pdf extension/],
      ['zipBomb', 400, /zip bomb/],
      ['lyingZipBomb', 400, /zip bomb/],
      ['binaryAsText', 400, /does not match its \.txt extension/],
    ];
    for (const [name, status, message] of cases) {
      const answer = await upload(server, alice, { ...hostileFiles[name], paperId });
      expect(answer.status, name).toBe(status);
      expect((JSON.parse(answer.body) as { error: string }).error, name).toMatch(message);
    }
    const exe = await upload(server, alice, { fileName: 'setup.exe', bytes: text('MZ'), paperId });
    expect(exe.status).toBe(400);
    expect(JSON.parse(exe.body).error).toMatch(/Accepted types: \.pdf \.doc \.docx/);

    const tooLarge = await upload(server, alice, {
      fileName: 'big.txt',
      bytes: new Uint8Array(2 * 1024 * 1024).fill(65),
      paperId,
    });
    expect(tooLarge.status).toBe(413);
    const badGoal = await upload(server, alice, {
      fileName: 'a.txt',
      bytes: text('a'),
      paperId,
      goal: 'nonsense',
    });
    expect(badGoal.status).toBe(400);
  });

  it('ends a failing conversion with an error marker and stores nothing', async () => {
    const before = ((await alice.get(`/api/files?paperId=${paperId}`)).body.files as unknown[])
      .length;
    const cases: [keyof typeof hostileFiles, RegExp][] = [
      ['corruptPdf', /could not be read/],
      ['encryptedPdf', /password-protected/],
      ['scannedPdf', /no text layer/],
    ];
    for (const [name, message] of cases) {
      const answer = await upload(server, alice, { ...hostileFiles[name], paperId });
      expect(answer.status, name).toBe(200);
      const parsed = parseStream(`[PART:content]${answer.body}`);
      expect(parsed.finished, name).toBe(false);
      expect(parsed.error, name).toMatch(message);
    }
    const after = ((await alice.get(`/api/files?paperId=${paperId}`)).body.files as unknown[])
      .length;
    expect(after).toBe(before);
  });
});

describe('a conversion that runs too long', () => {
  let server: TestServer;

  beforeAll(async () => {
    // Starting a conversion process alone takes longer than this limit.
    server = await startTestServer('pglite', { CONVERSION_TIMEOUT_SECONDS: '0.05' });
  });
  afterAll(() => server.close());

  it('is stopped with a clear message, stores nothing, and the server stays up', async () => {
    const alice = await server.signedInClient('Alice');
    const paper = await alice.post('/api/papers', { title: 'Slow', type: 'scientific' });
    const paperId = (paper.body as unknown as { id: string }).id;
    const answer = await upload(server, alice, {
      fileName: 'slow.txt',
      bytes: text('Some text'),
      paperId,
      goal: 'literature_review',
    });
    expect(parseStream(`[PART:content]${answer.body}`).error).toMatch(/took too long/);
    expect((await alice.get(`/api/files?paperId=${paperId}`)).body).toEqual({ files: [] });
    expect((await alice.get('/api/me')).status).toBe(200);
  });
});
