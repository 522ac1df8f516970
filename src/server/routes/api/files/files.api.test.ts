import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStream } from '../../../../shared/ai/stream-markers';
import { hostileFiles } from '../../../files/convert/testing/hostile-files';
import { hasReadStat, toolsRequired } from '../../../files/convert/testing/fixture-files';
import { journalPdf } from '../../../files/convert/testing/sample-pdf';
import { uploadCorpus } from '../../../files/convert/testing/upload-corpus';
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

interface UploadFields {
  fileName: string;
  bytes: Uint8Array;
  paperId: string;
  goal?: string;
  fileId?: string;
}

/** An upload in flight: its answer so far, a way to wait for a status, and to walk away. */
interface RunningUpload {
  statuses(): string[];
  finished(): boolean;
  /** Resolves once a status matching `pattern` has arrived. */
  statusMatching(pattern: RegExp): Promise<void>;
  /** Closes the connection, as a browser tab that goes away does. */
  abort(): void;
  done: Promise<Upload>;
}

/** Posts an upload and reads the streamed answer chunk by chunk, as the dialog does. */
function startUpload(server: TestServer, client: TestClient, fields: UploadFields): RunningUpload {
  const controller = new AbortController();
  const chunks: string[] = [];
  const watchers: (() => void)[] = [];
  const parsed = () => parseStream(`[PART:content]${chunks.join('')}`);
  const done = (async (): Promise<Upload> => {
    const response = await fetch(`${server.url}/api/convertToMarkdown`, {
      method: 'POST',
      signal: controller.signal,
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
    const decoder = new TextDecoder();
    const reader = response.body?.getReader();
    try {
      for (;;) {
        const next = await reader?.read();
        if (!next || next.done) break;
        chunks.push(decoder.decode(next.value, { stream: true }));
        for (const watcher of watchers) watcher();
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
    return { status: response.status, chunks, body: chunks.join('') };
  })();
  return {
    statuses: () => parsed().statuses,
    finished: () => parsed().finished,
    statusMatching: (pattern) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (parsed().statuses.some((status) => pattern.test(status))) resolve();
        };
        watchers.push(check);
        check();
        done.then(() => {
          check();
          reject(new Error(`the upload ended without a status matching ${pattern}`));
        }, reject);
      }),
    abort: () => controller.abort(),
    done,
  };
}

const upload = (server: TestServer, client: TestClient, fields: UploadFields): Promise<Upload> =>
  startUpload(server, client, fields).done;

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

  // Who may run the AI on the paper is the policy's (sharing.api.test.ts); the builder reads
  // the files of the paper it is given.
  it('hands the paper’s files to the prompt builder', async () => {
    const mine = await promptFilesForPaper(server.context, {
      paperId,
      focusText: 'notes',
      tokenBudget: 100_000,
    });
    expect(mine.shortened).toEqual([]);
    expect(mine.files.find((file) => file.filename === 'notes.txt')).toMatchObject({
      goal: 'rubrics',
      markdown: NOTES,
    });
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

/** A paper of a new user, for tests where several users upload at once. */
async function userWithPaper(server: TestServer, name: string) {
  const client = await server.signedInClient(name);
  const paper = await client.post('/api/papers', { title: name, type: 'scientific' });
  return { client, paperId: (paper.body as unknown as { id: string }).id };
}

/** Large enough that its conversion outlasts any test here (each is cancelled or killed). */
const bigPdf = journalPdf(3000);
const READING = /^Reading page 1 of/;
/** Several processes converting thousands of pages on a shared machine take their time. */
const SLOW = { timeout: 180_000 };
const WAITING = /^Waiting for another conversion/;

describe.each(kinds)('large and concurrent conversions on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('converts a CSV of 200,000 rows to its first 500 with a note', SLOW, async () => {
    const { client, paperId } = await userWithPaper(server, 'Carol');
    const rows = Array.from({ length: 200_000 }, (_, index) => `${index},${index % 7}`);
    const answer = await upload(server, client, {
      fileName: 'long.csv',
      bytes: text(`id,score\n${rows.join('\n')}\n`),
      paperId,
    });
    const parsed = parseStream(`[PART:content]${answer.body}`);
    expect(parsed.error).toBeNull();
    expect(parsed.finished).toBe(true);
    expect(parsed.text).toContain('| 499 | 2 |');
    expect(parsed.text).toContain(
      'Only the first 500 rows of 200,000 rows are shown; 199,500 rows left out.',
    );
  });

  it(
    'starts a small file at once while another user’s large files fill the slots',
    SLOW,
    async () => {
      const alice = await userWithPaper(server, 'Alice');
      const bob = await userWithPaper(server, 'Bob');
      const large = [1, 2].map((n) =>
        startUpload(server, alice.client, { fileName: `big${n}.pdf`, bytes: bigPdf, ...alice }),
      );
      try {
        await Promise.all(large.map((running) => running.statusMatching(READING)));
        const small = await upload(server, bob.client, {
          fileName: 'hi.txt',
          bytes: text('Hello.'),
          ...bob,
        });
        const parsed = parseStream(`[PART:content]${small.body}`);
        expect(parsed.finished).toBe(true);
        expect(parsed.statuses.filter((status) => WAITING.test(status))).toEqual([]);
        expect(large.map((running) => running.finished())).toEqual([false, false]);
      } finally {
        for (const running of large) running.abort();
      }
    },
  );

  it(
    'gives a freed slot to the user who waits, not to the user who already has two',
    SLOW,
    async () => {
      const alice = await userWithPaper(server, 'Alice');
      const bob = await userWithPaper(server, 'Bob');
      const pdf = (n: number) => ({ fileName: `big${n}.pdf`, bytes: bigPdf });
      const [first, second] = [1, 2].map((n) =>
        startUpload(server, alice.client, { ...pdf(n), ...alice }),
      ) as [RunningUpload, RunningUpload];
      const later: RunningUpload[] = [];
      try {
        await Promise.all([first, second].map((running) => running.statusMatching(READING)));
        const third = startUpload(server, alice.client, { ...pdf(3), ...alice });
        later.push(third);
        await third.statusMatching(WAITING);
        const bobs = startUpload(server, bob.client, { ...pdf(4), ...bob });
        later.push(bobs);
        await bobs.statusMatching(WAITING);
        // Alice's third came first, but Bob has had no turn yet: the freed slot is his.
        first.abort();
        const next = await Promise.race([
          bobs.statusMatching(READING).then(() => 'Bob'),
          third.statusMatching(READING).then(() => 'Alice'),
        ]);
        expect(next).toBe('Bob');
      } finally {
        for (const running of [first, second, ...later]) running.abort();
      }
    },
  );
});

describe.each(kinds)('conversion work folders on %s', (kind) => {
  let server: TestServer;
  let tempRoot: string;
  const savedTmpdir = process.env.TMPDIR;
  const workFolders = () =>
    readdirSync(tempRoot).filter((name) => name.startsWith('scriptor-convert-'));

  beforeAll(async () => {
    // A temporary directory of this test's own, so other conversions on the machine do not count.
    tempRoot = mkdtempSync(path.join(tmpdir(), 'scriptor-tmp-'));
    process.env.TMPDIR = tempRoot;
    // Long enough for a small file, far too short for 3,000 pages.
    server = await startTestServer(kind, { CONVERSION_TIMEOUT_SECONDS: '3' });
  });
  afterAll(async () => {
    await server.close();
    if (savedTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmpdir;
    rmSync(tempRoot, { recursive: true, force: true });
  });

  it('leaves no folder behind after 20 conversions, killed ones included', SLOW, async () => {
    const { client, paperId } = await userWithPaper(server, 'Alice');
    const small = Array.from({ length: 16 }, (_, index) =>
      index % 2 === 0
        ? { fileName: `note${index}.txt`, bytes: text(`# Note ${index}\n\nText.`) }
        : { fileName: `data${index}.csv`, bytes: text(`a,b\n${index},2\n`) },
    );
    const large = Array.from({ length: 4 }, (_, index) => ({
      fileName: `big${index}.pdf`,
      bytes: bigPdf,
    }));
    const answers = await Promise.all(
      [...large, ...small].map((file) => upload(server, client, { ...file, paperId })),
    );
    const outcomes = answers.map((answer) => parseStream(`[PART:content]${answer.body}`));
    for (const outcome of outcomes.slice(0, large.length)) {
      expect(outcome.error).toMatch(/took too long/);
    }
    for (const outcome of outcomes) {
      expect(outcome.finished || /took too long/.test(outcome.error ?? '')).toBe(true);
    }
    expect(workFolders()).toEqual([]);
  });
});

describe.each(kinds)('the upload corpus on %s', (kind) => {
  let server: TestServer;
  let client: TestClient;
  let paperId: string;

  beforeAll(async () => {
    // A small heap, so that a converter that holds a whole large file's tree fails here.
    server = await startTestServer(kind, { CONVERSION_MEMORY_MB: '384' });
    ({ client, paperId } = await userWithPaper(server, 'Alice'));
  });
  afterAll(() => server.close());

  it('converts 8 MB of text notes within a 384 MB heap, every character kept', SLOW, async () => {
    const note = '# Session\n\nParticipants **slept** 7 h; see [the log](https://example.org).\n\n';
    const notes = note.repeat(Math.ceil((8 * 1024 * 1024) / note.length));
    const answer = await upload(server, client, {
      fileName: 'notes.txt',
      bytes: text(notes),
      paperId,
    });
    const parsed = parseStream(`[PART:content]${answer.body}`);
    expect(parsed.error).toBeNull();
    expect(parsed.finished).toBe(true);
    const files = (await client.get(`/api/files?paperId=${paperId}`)).body.files as {
      filename: string;
      contents: string;
    }[];
    expect(files.find((file) => file.filename === 'notes.txt')?.contents).toBe(notes.trimEnd());
  });

  it.each(uploadCorpus().map((entry) => [entry.name, entry] as const))(
    '%s ends with a clear message and stores nothing',
    async (_, entry) => {
      if (!entry.bytes) {
        expect(hasReadStat() || toolsRequired).toBe(false);
        return;
      }
      const answer = await upload(server, client, { ...entry, bytes: entry.bytes, paperId });
      if (entry.outcome === 'refused') {
        expect(answer.status).toBe(400);
        expect((JSON.parse(answer.body) as { error: string }).error).toMatch(entry.message);
        return;
      }
      const parsed = parseStream(`[PART:content]${answer.body}`);
      if (entry.outcome === 'either' && parsed.finished) return;
      expect(parsed.error).toMatch(entry.message);
      const files = (await client.get(`/api/files?paperId=${paperId}`)).body.files as {
        filename: string;
      }[];
      expect(files.map((file) => file.filename)).not.toContain(entry.fileName);
    },
  );
});
