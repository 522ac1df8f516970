import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTOMATIC_LABEL } from '../../../analysis/engine/automatic-analysis';
import { defaultResponder, type FakeOpenAiServer } from '../../../testing/fake-openai-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { startModelServer } from '../ai/ai-test-support';
import {
  analyse,
  analystResponder,
  isAnalysisRequest,
  SCORES_CSV,
  uploadDataFile,
  userIdOf,
  validateAndRerun,
  type TraceCell,
} from './analysis-test-support';

const kinds = await testDatabaseKinds();

const balanceOf = async (client: TestClient) =>
  (await client.get('/api/user/balance')).body.balance as number;

async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition never met');
}

const stdoutOf = (cell: TraceCell) =>
  (cell.outputs ?? [])
    .filter((output) => output.output_type === 'stream')
    .map((output) => output.text)
    .join('');

const codeCells = (cells: TraceCell[]) => cells.filter((cell) => cell.cell_type === 'code');

describe.each(kinds)('data files on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { ANALYSIS_MAX_FILE_MB: '1' });
  });
  afterAll(() => server.close());

  it('stores csv, xlsx and xls for their owner only, and checks the userId on every route', async () => {
    const alice = await server.signedInClient();
    const bob = await server.signedInClient();
    const aliceUser = await userIdOf(alice);
    const bobUser = await userIdOf(bob);

    const uploaded = await uploadDataFile(alice, 'scores.csv', SCORES_CSV, aliceUser.email);
    expect(uploaded.status).toBe(201);
    const fileId = uploaded.body.fileId as string;
    expect(uploaded.body.file).toMatchObject({
      file_id: fileId,
      filename: 'scores.csv',
      sheets: [
        {
          name: 'data',
          rowCount: 40,
          columns: [
            { name: 'group', type: 'object', missing: 0 },
            { name: 'score', type: 'int64', missing: 0 },
            { name: 'hours', type: 'int64', missing: 0 },
          ],
        },
      ],
    });
    // The id works as well as the e-mail; another user's id is a 404, never trusted.
    expect((await uploadDataFile(alice, 'b.csv', 'x\n1\n', aliceUser.id)).status).toBe(201);
    expect(await uploadDataFile(alice, 'c.csv', 'x\n1\n', bobUser.id)).toMatchObject({
      status: 404,
      body: { error: 'Data file not found' },
    });
    expect(await uploadDataFile(alice, 'notes.txt', 'hello', aliceUser.id)).toMatchObject({
      status: 400,
      body: { error: 'Only csv, xlsx and xls files can be analysed' },
    });
    expect(
      (await uploadDataFile(alice, 'broken.xlsx', 'not a spreadsheet', aliceUser.id)).body.error,
    ).toMatch(/^The file could not be read: /);

    const list = await alice.get(`/api/data-files?userId=${encodeURIComponent(aliceUser.email)}`);
    expect(list.status).toBe(200);
    expect((list.body.files as unknown as { filename: string }[]).map((f) => f.filename)).toEqual([
      'b.csv',
      'scores.csv',
    ]);
    expect((await alice.get(`/api/data-files?userId=${bobUser.id}`)).status).toBe(404);
    const bobList = await bob.get(`/api/data-files?userId=${bobUser.id}`);
    expect(bobList.body.files).toEqual([]);

    // Bob can neither delete nor analyse Alice's file.
    expect(
      (await bob.request('DELETE', `/api/data-files?fileId=${fileId}&userId=${bobUser.id}`)).status,
    ).toBe(404);
    const foreign = await bob.post('/api/data-analysis', {
      jobId: 'conversation-1',
      question: 'Is there a difference?',
      messages: [],
      fileId,
    });
    expect(foreign).toMatchObject({ status: 404, body: { error: 'Data file not found' } });
    expect(
      (await alice.request('DELETE', `/api/data-files?fileId=${fileId}&userId=${bobUser.id}`))
        .status,
    ).toBe(404);
    expect(
      (await alice.request('DELETE', `/api/data-files?fileId=${fileId}&userId=${aliceUser.id}`))
        .body,
    ).toEqual({ success: true });
    const after = await alice.get(`/api/data-files?userId=${aliceUser.id}`);
    expect((after.body.files as unknown as unknown[]).length).toBe(1);
  });

  it('refuses a file over the size limit with a clear error', async () => {
    const alice = await server.signedInClient();
    const { id } = await userIdOf(alice);
    const big = `x\n${'1\n'.repeat(530_000)}`;
    expect(await uploadDataFile(alice, 'big.csv', big, id)).toMatchObject({
      status: 413,
      body: { error: 'The file is too large (1 MB at most)' },
    });
  });
});

// Each step starts a real kernel and runs real pandas, scipy and matplotlib code.
describe.each(kinds)('data analysis with a model on %s', { timeout: 240_000 }, (kind) => {
  let fake: FakeOpenAiServer;
  let server: TestServer;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ fake, server, close } = await startModelServer(
      kind,
      [{ model_name: 'openai:fake-small', descriptive_name: 'Fake small', free_tier: true }],
      { ANALYSIS_MAX_FILE_MB: '20' },
    ));
  });
  afterAll(() => close());
  beforeEach(() => {
    fake.respond = (chat) => analystResponder(chat) ?? defaultResponder(chat);
  });

  it('plans, runs the code in a real kernel, corrects a failing cell, reports and charges once', async () => {
    const alice = await server.signedInClient();
    const { id } = await userIdOf(alice);
    const fileId = (await uploadDataFile(alice, 'scores.csv', SCORES_CSV, id)).body.fileId;
    const before = await balanceOf(alice);
    const { status, streamed, stepId, step } = await analyse(alice, {
      jobId: 'conversation-with-model',
      question: 'Is the difference between the groups significant?',
      messages: [],
      fileId,
    });
    expect(status).toBe(200);
    expect(stepId).toMatch(/^[0-9a-f-]{36}$/);
    expect(step?.error).toBeNull();
    expect(step?.status).toBe('completed');
    expect(streamed).toContain('Welch t-test and show a box plot');
    expect(streamed).toContain('A Welch t-test showed');

    const cells = step!.trace.cells;
    expect(cells[0]).toMatchObject({
      cell_type: 'markdown',
      source: '## Is the difference between the groups significant?',
    });
    const code = codeCells(cells);
    expect(code.map((cell) => cell.metadata.tags ?? [])).toEqual([
      [],
      ['raises-exception'],
      [],
      [],
    ]);
    expect(code[1]!.outputs?.[0]).toMatchObject({ output_type: 'error', ename: 'NameError' });
    expect(code[2]!.source).toContain('from scipy import stats');
    const printed = stdoutOf(code[2]!);
    expect(printed).toMatch(/^t = -\d+\.\d{3}, p = \d\.\d{2}e-\d+\n$/);
    expect(code.map((cell) => cell.execution_count)).toEqual([1, 2, 3, 4]);
    const figure = code[3]!.outputs?.find((output) => output.data?.['image/png']);
    expect(figure?.data?.['image/png']).toMatch(/^iVBORw0KGgo/);

    // The traceback went to the model, and the report quotes the printed statistics.
    const correction = fake.chats.find((chat) => isAnalysisRequest(chat, 'CORRECTION'));
    expect(correction?.prompt).toContain("NameError: name 'stats' is not defined");
    const report = step!.result!.report;
    expect(report).toContain(printed.trim().replace('t = ', '(t = ').split(',')[0]);
    expect(report).not.toContain('ref_abcdefgh');
    expect(cells.at(-1)).toMatchObject({ cell_type: 'markdown', source: report });

    await eventually(
      async () => (await balanceOf(alice)) === Math.round((before - 0.05) * 100) / 100,
    );

    // The download is valid nbformat 4 and re-runs with nbclient to the same printed outputs.
    const download = await fetch(
      `${alice.baseUrl}/api/data-analysis/notebook?conversationId=conversation-with-model`,
      { headers: { cookie: alice.cookieHeader() } },
    );
    expect(download.headers.get('content-disposition')).toContain('.ipynb');
    const notebook = await download.text();
    expect(JSON.parse(notebook)).toMatchObject({ nbformat: 4, nbformat_minor: 5 });
    const rerun = await validateAndRerun(notebook, 'scores.csv', SCORES_CSV);
    expect(rerun).toEqual(code.map((cell) => [stdoutOf(cell)].filter(Boolean)));
  });

  it('refunds a step whose model fails, and answers the step to its owner only', async () => {
    const alice = await server.signedInClient();
    const bob = await server.signedInClient();
    const { id } = await userIdOf(alice);
    const fileId = (await uploadDataFile(alice, 'scores.csv', SCORES_CSV, id)).body.fileId;
    const before = await balanceOf(alice);
    fake.respond = (chat) =>
      isAnalysisRequest(chat, 'PLAN') ? { kind: 'error', status: 500 } : defaultResponder(chat);
    const { step, stepId } = await analyse(alice, {
      jobId: 'conversation-failing',
      question: 'Is there a difference?',
      messages: [],
      fileId,
    });
    expect(step?.status).toBe('failed');
    await eventually(async () => (await balanceOf(alice)) === before);
    expect((await bob.get(`/api/data-analysis/job?stepId=${stepId}`)).status).toBe(404);
    expect((await alice.get('/api/data-analysis/job?stepId=not-a-step')).status).toBe(404);
    const notebookOfBob = await bob.get(
      '/api/data-analysis/notebook?conversationId=conversation-failing',
    );
    expect(notebookOfBob.status).toBe(404);
  });
});

describe.each(kinds)('data analysis without a model on %s', { timeout: 240_000 }, (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('runs the automatic exploratory notebook, labelled as such, free of charge', async () => {
    const alice = await server.signedInClient();
    const { id } = await userIdOf(alice);
    const fileId = (await uploadDataFile(alice, 'scores.csv', SCORES_CSV, id)).body.fileId;
    const { step } = await analyse(alice, {
      jobId: 'conversation-automatic',
      question: 'What is in this file?',
      messages: [],
      fileId,
    });
    expect(step?.error).toBeNull();
    expect(step?.automatic).toBe(true);
    const cells = step!.trace.cells;
    expect(cells[1]).toMatchObject({ cell_type: 'markdown', source: AUTOMATIC_LABEL });
    const code = codeCells(cells);
    expect(code.every((cell) => !cell.metadata.tags)).toBe(true);
    expect(stdoutOf(code[0]!)).toBe('Rows: 40 Columns: 3\n');
    const figures = code.flatMap((cell) =>
      (cell.outputs ?? []).filter((output) => output.data?.['image/png']),
    );
    // A histogram per numeric column (score, hours) and the correlation heatmap.
    expect(figures).toHaveLength(3);
    expect(step!.result!.report).toContain('40 observations of 3 variables');
  });
});

describe.each(kinds)('data analysis without its packages on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { ANALYSIS_BWRAP: '/nonexistent/bwrap' });
  });
  afterAll(() => server.close());

  it('says in one sentence that it is not installed, and takes no file', async () => {
    const alice = await server.signedInClient();
    const { id } = await userIdOf(alice);
    expect((await alice.get('/api/data-analysis/status')).body).toMatchObject({
      available: false,
      message: 'Data analysis is not installed on this server.',
    });
    expect(await uploadDataFile(alice, 'scores.csv', SCORES_CSV, id)).toMatchObject({
      status: 503,
      body: { error: 'Data analysis is not installed on this server.' },
    });
  });
});
