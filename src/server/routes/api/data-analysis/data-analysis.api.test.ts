import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readDataFileBytes } from '../../../analysis/data-files/data-file-store';
import { AUTOMATIC_LABEL } from '../../../analysis/engine/automatic-analysis';
import {
  hasLibreOffice,
  libreOfficeConvert,
  toolsRequired,
  xlsxBytes,
} from '../../../files/convert/testing/fixture-files';
import { defaultResponder, type FakeOpenAiServer } from '../../../testing/fake-openai-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { createPaper, startModelServer } from '../ai/ai-test-support';
import {
  analyse,
  analystResponder,
  isAnalysisRequest,
  LOAD_CELL,
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

/** A lab workbook of two sheets. */
const LAB_SHEETS = {
  Weights: [
    ['sample', 'weight'],
    ...Array.from({ length: 12 }, (_, index) => [`s${index + 1}`, 10 + (index + 1) / 2]),
  ],
  Notes: [['note'], ['calibrated'], ['repeated']],
};
const withLibreOffice = hasLibreOffice() || toolsRequired;

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

  it('describes every sheet of an xlsx and keeps the bytes as uploaded', async () => {
    const alice = await server.signedInClient();
    const { id } = await userIdOf(alice);
    const bytes = await xlsxBytes(LAB_SHEETS);
    const uploaded = await uploadDataFile(alice, 'lab.xlsx', bytes, id);
    expect(uploaded.status).toBe(201);
    expect((uploaded.body.file as { sheets: unknown }).sheets).toEqual([
      {
        name: 'Weights',
        rowCount: 12,
        columns: [
          { name: 'sample', type: 'object', missing: 0 },
          { name: 'weight', type: 'float64', missing: 0 },
        ],
      },
      { name: 'Notes', rowCount: 2, columns: [{ name: 'note', type: 'object', missing: 0 }] },
    ]);
    const stored = await readDataFileBytes(
      server.context.database.db,
      id,
      uploaded.body.fileId as string,
    );
    expect(Buffer.from(stored!.original).equals(Buffer.from(bytes))).toBe(true);
  });

  it.skipIf(!withLibreOffice)('describes an xls and keeps its bytes', async () => {
    const alice = await server.signedInClient();
    const { id } = await userIdOf(alice);
    const xls = libreOfficeConvert('lab.xlsx', await xlsxBytes(LAB_SHEETS), 'xls');
    if (!xls) throw new Error('LibreOffice is not installed but CI should have installed it');
    const uploaded = await uploadDataFile(alice, 'lab.xls', xls, id);
    expect(uploaded.status).toBe(201);
    const sheets = (uploaded.body.file as { sheets: { name: string; rowCount: number }[] }).sheets;
    expect(sheets.map((sheet) => [sheet.name, sheet.rowCount])).toEqual([
      ['Weights', 12],
      ['Notes', 2],
    ]);
    const stored = await readDataFileBytes(
      server.context.database.db,
      id,
      uploaded.body.fileId as string,
    );
    expect(Buffer.from(stored!.original).equals(Buffer.from(xls))).toBe(true);
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
      [
        { model_name: 'openai:fake-small', descriptive_name: 'Fake small', free_tier: true },
        {
          model_name: 'openai:fake-large',
          descriptive_name: 'Fake large',
          cost_per_section: 1,
          free_tier: true,
        },
      ],
      // A cell's time limit short enough for a test, long enough for real cells under load.
      {
        ANALYSIS_MAX_FILE_MB: '20',
        ANALYSIS_CELL_TIMEOUT_SECONDS: '20',
        ANALYSIS_MAX_CORRECTIONS: '2',
      },
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
    expect(rerun).toEqual(code.map(stdoutOf));

    // The model was told the kernel's library versions, so its code fits them.
    const plan = fake.chats.find((chat) => isAnalysisRequest(chat, 'PLAN'));
    expect(plan?.prompt).toMatch(/pandas \d+\.\d+\.\d+, numpy \d+\.\d+\.\d+, scipy \d+\.\d+/);
    // The failed attempt is marked for the report, so its partial output is not reported.
    const reportChat = fake.chats.find((chat) => isAnalysisRequest(chat, 'REPORT'));
    expect(reportChat?.prompt).toContain('In [2] (this attempt failed; do not report its output):');
    expect(reportChat?.prompt).toContain('In [3]:');

    // Insert into paper: the step is attached to the owner's paper only, and its notebook is
    // listed with the paper and downloadable by itself; another user sees none of it.
    const bob = await server.signedInClient();
    const alicePaper = await createPaper(alice);
    const bobPaper = await createPaper(bob);
    expect((await bob.get(`/api/data-analysis/job?stepId=${stepId}`)).status).toBe(404);
    expect((await bob.get(`/api/data-analysis/notebook?stepId=${stepId}`)).status).toBe(404);
    expect(
      (await bob.get('/api/data-analysis/conversation?conversationId=conversation-with-model'))
        .body,
    ).toEqual({ steps: [] });
    expect(
      (await bob.post('/api/data-analysis/attach', { stepId, paperId: bobPaper })).status,
    ).toBe(404);
    expect(
      (await alice.post('/api/data-analysis/attach', { stepId, paperId: bobPaper })).status,
    ).toBe(404);
    expect(
      (await alice.post('/api/data-analysis/attach', { stepId, paperId: alicePaper })).body,
    ).toEqual({ success: true });
    expect((await bob.get(`/api/data-analysis/paper-notebooks?paperId=${alicePaper}`)).status).toBe(
      404,
    );
    const attached = await alice.get(`/api/data-analysis/paper-notebooks?paperId=${alicePaper}`);
    expect(attached.body.notebooks).toEqual([
      expect.objectContaining({
        stepId,
        question: 'Is the difference between the groups significant?',
      }),
    ]);
    const own = await fetch(`${alice.baseUrl}/api/data-analysis/notebook?stepId=${stepId}`, {
      headers: { cookie: alice.cookieHeader() },
    });
    expect(own.headers.get('content-disposition')).toContain(`data-analysis-${stepId}.ipynb`);
    const ownCells = (JSON.parse(await own.text()) as { cells: TraceCell[] }).cells;
    expect(codeCells(ownCells).map((cell) => cell.source)).toEqual(code.map((cell) => cell.source));
  });

  it('stops a cell at its time limit, rebuilds the kernel, bounds the corrections and says so', async () => {
    const LOOP = 'while True:\n    pass';
    fake.respond = (chat) => {
      if (isAnalysisRequest(chat, 'PLAN')) {
        return {
          kind: 'json',
          value: {
            plan: 'Count the rows.',
            cells: [LOAD_CELL, LOOP, 'print(undefined_name)', 'print("never run")'],
          },
        };
      }
      if (isAnalysisRequest(chat, 'CORRECTION')) {
        const loop = chat.prompt.includes(`The failed cell:\n${LOOP}`);
        return {
          kind: 'json',
          value: { code: loop ? 'print(len(df))' : 'print(undefined_name + 1)' },
        };
      }
      if (isAnalysisRequest(chat, 'REPORT')) {
        return { kind: 'text', chunks: ['The data set has 40 rows; the analysis stopped early.'] };
      }
      return defaultResponder(chat);
    };
    const alice = await server.signedInClient();
    const { id } = await userIdOf(alice);
    const fileId = (await uploadDataFile(alice, 'scores.csv', SCORES_CSV, id)).body.fileId;
    const before = await balanceOf(alice);
    const { step } = await analyse(alice, {
      jobId: 'conversation-limits',
      question: 'How many rows are there?',
      messages: [],
      fileId,
    });
    expect(step?.error).toBeNull();
    expect(step?.status).toBe('completed');
    const code = codeCells(step!.trace.cells);
    expect(code.map((cell) => [cell.source, cell.metadata.tags ?? []])).toEqual([
      [LOAD_CELL, []],
      [LOOP, ['raises-exception', 'skip-execution']],
      ['print(len(df))', []],
      ['print(undefined_name)', ['raises-exception']],
      ['print(undefined_name + 1)', ['raises-exception']],
      ['print(undefined_name + 1)', ['raises-exception']],
    ]);
    expect(code[1]!.outputs?.at(-1)).toMatchObject({
      output_type: 'error',
      ename: 'TimeLimitExceeded',
    });
    // The corrected cell ran in a new kernel that had the earlier cells run again: df exists.
    expect(stdoutOf(code[2]!)).toBe('40\n');
    const asked = fake.chats.filter((chat) => chat.prompt.includes('How many rows are there?'));
    const corrections = asked.filter((chat) => isAnalysisRequest(chat, 'CORRECTION'));
    expect(corrections).toHaveLength(3);
    expect(corrections[0]!.prompt).toContain('A limit (time, output, memory or processes) stopped');
    const reportChat = asked.find((chat) => isAnalysisRequest(chat, 'REPORT'));
    expect(reportChat?.prompt).toContain('a cell kept failing after the allowed corrections');
    expect(step!.result!.report).toBe('The data set has 40 rows; the analysis stopped early.');
    await eventually(
      async () => (await balanceOf(alice)) === Math.round((before - 0.05) * 100) / 100,
    );

    // The download re-runs: the endless loop is skipped, the failed attempts raise as before.
    const download = await fetch(
      `${alice.baseUrl}/api/data-analysis/notebook?conversationId=conversation-limits`,
      { headers: { cookie: alice.cookieHeader() } },
    );
    const rerun = await validateAndRerun(await download.text(), 'scores.csv', SCORES_CSV);
    expect(rerun).toEqual(code.map(stdoutOf));
  });

  it('refuses a step the balance cannot pay, before anything is stored or charged', async () => {
    const carol = await server.signedInClient();
    const { id } = await userIdOf(carol);
    const fileId = (await uploadDataFile(carol, 'scores.csv', SCORES_CSV, id)).body.fileId;
    const before = await balanceOf(carol);
    const refused = await carol.post('/api/data-analysis', {
      jobId: 'conversation-unpaid',
      question: 'Is the difference between the groups significant?',
      messages: [],
      fileId,
      selectedModel: 'openai:fake-large',
    });
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatch(/^Insufficient balance\./);
    expect(
      (await carol.get('/api/data-analysis/conversation?conversationId=conversation-unpaid')).body,
    ).toEqual({ steps: [] });
    expect(await balanceOf(carol)).toBe(before);
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
    expect(step!.result!.report).toContain('does not answer it');
  });

  it('reads an xlsx in the kernel, leaves an id column out, and the notebook re-runs', async () => {
    const alice = await server.signedInClient();
    const { id } = await userIdOf(alice);
    const bytes = await xlsxBytes({
      Weights: [
        ['id', 'group', 'weight'],
        ...Array.from({ length: 12 }, (_, index) => [
          index + 1,
          index % 2 ? 'fed' : 'fasted',
          10 + ((index * 5) % 7),
        ]),
      ],
    });
    const fileId = (await uploadDataFile(alice, 'lab.xlsx', bytes, id)).body.fileId;
    const { step } = await analyse(alice, {
      jobId: 'conversation-automatic-xlsx',
      question: 'Do the groups differ in weight?',
      messages: [],
      fileId,
    });
    expect(step?.error).toBeNull();
    const code = codeCells(step!.trace.cells);
    expect(code.every((cell) => !cell.metadata.tags)).toBe(true);
    expect(stdoutOf(code[0]!)).toBe('Rows: 12 Columns: 3\n');
    const printed = code.map(stdoutOf).join('');
    expect(printed).toContain('Identifier columns, left out below: id');
    expect(printed).toContain('Numeric columns by group (count, mean, standard deviation):');
    expect(printed).toMatch(/fasted\s+6\s+\d+\.\d+/);
    // One numeric measure left: its histogram, and no correlations.
    const figures = code.flatMap((cell) =>
      (cell.outputs ?? []).filter((output) => output.data?.['image/png']),
    );
    expect(figures).toHaveLength(1);
    expect(printed).toContain('Fewer than two numeric columns: no correlations to show.');

    const download = await fetch(
      `${alice.baseUrl}/api/data-analysis/notebook?conversationId=conversation-automatic-xlsx`,
      { headers: { cookie: alice.cookieHeader() } },
    );
    const rerun = await validateAndRerun(await download.text(), 'lab.xlsx', bytes);
    expect(rerun).toEqual(code.map(stdoutOf));
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
