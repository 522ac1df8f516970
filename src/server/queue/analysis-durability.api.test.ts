import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  billingEntries,
  cleanupsAfterEach,
  startCrashScene,
  waitFor,
} from '../testing/crash-restart';
import { defaultResponder, type ChatRequest } from '../testing/fake-openai-server';
import { testDatabaseKinds } from '../testing/test-databases';
import { sandboxFailedMessage } from '../analysis/engine/run-analysis-step';
import {
  analystResponder,
  isAnalysisRequest,
  LOAD_CELL,
  SCORES_CSV,
  uploadDataFile,
  validateAndRerun,
  type StepAnswer,
} from '../routes/api/data-analysis/analysis-test-support';

const kinds = await testDatabaseKinds();

/** Processes whose command line names `folder`: the sandboxes started with that work folder. */
function processesUsing(folder: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(folder);
      } catch {
        return false; // ended while we looked
      }
    })
    .map(Number);
}

describe.each(kinds)(
  'a data-analysis step survives kill -9 on %s',
  { timeout: 480_000 },
  (kind) => {
    const cleanups = cleanupsAfterEach();

    it('resumes after its last executed cell in a rebuilt kernel and nets one charge', async () => {
      // The correction of the failing cell never answers before the crash: by then the plan,
      // the first cell and the failed attempt are checkpointed, and a kernel holds `df`.
      // Outside DATA_DIR (mode 0700), since the sandbox's own uid must reach it.
      const workDir = mkdtempSync(path.join(tmpdir(), 'scriptor-analysis-durability-work-'));
      cleanups.push(() => rmSync(workDir, { recursive: true, force: true }));
      const { fake, client, crashAndRestart } = await startCrashScene(kind, cleanups, {
        respond: (chat: ChatRequest) =>
          isAnalysisRequest(chat, 'CORRECTION')
            ? { kind: 'json', value: {}, after: new Promise<void>(() => undefined) }
            : (analystResponder(chat) ?? defaultResponder(chat)),
        email: 'analyst@example.org',
        env: { ANALYSIS_WORK_DIR: workDir },
      });
      const balance = async () => (await client.get('/api/user/balance')).body.balance as number;
      const before = await balance();
      const uploaded = await uploadDataFile(
        client,
        'scores.csv',
        SCORES_CSV,
        'analyst@example.org',
      );
      expect(uploaded.status).toBe(201);

      // The streamed answer ends with the process; only its step id is needed.
      const response = await fetch(`${client.baseUrl}/api/data-analysis`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: client.baseUrl,
          cookie: client.cookieHeader(),
        },
        body: JSON.stringify({
          jobId: 'conversation-durable',
          question: 'Is the difference between the groups significant?',
          messages: [],
          fileId: uploaded.body.fileId,
        }),
      });
      expect(response.status).toBe(200);
      const stepId = response.headers.get('x-step-id');
      void response.text().catch(() => undefined);
      const step = async () =>
        (await client.get(`/api/data-analysis/job?stepId=${stepId}`)).body as unknown as StepAnswer;

      await waitFor(
        async () => fake.chats.some((chat) => isAnalysisRequest(chat, 'CORRECTION')),
        (asked) => asked,
      );
      const interrupted = await step();
      expect(interrupted.status).toBe('processing');
      expect(
        interrupted.trace.cells
          .filter((cell) => cell.cell_type === 'code')
          .map((cell) => cell.metadata.tags ?? []),
      ).toEqual([[], ['raises-exception']]);
      expect(processesUsing(workDir).length).toBeGreaterThan(0);
      // The kernel's sandbox dies with its server (bwrap --die-with-parent), none is left over.
      await crashAndRestart(
        (chat) => analystResponder(chat) ?? defaultResponder(chat),
        async () => {
          await waitFor(
            async () => processesUsing(workDir),
            (left) => left.length === 0,
            20_000,
          );
        },
      );
      const done = await waitFor(
        step,
        (answer) => !['pending', 'processing'].includes(answer.status),
      );
      expect(done.status).toBe('completed');

      // Planned once and the first cell not run again as a new cell; the interrupted correction
      // asked again; the corrected cell found `df` in the kernel rebuilt from the checkpoint.
      const asked = (what: 'PLAN' | 'CORRECTION' | 'REPORT') =>
        fake.chats.filter((chat) => isAnalysisRequest(chat, what)).length;
      expect([asked('PLAN'), asked('CORRECTION'), asked('REPORT')]).toEqual([1, 2, 1]);
      const code = done.trace.cells.filter((cell) => cell.cell_type === 'code');
      expect(code.map((cell) => cell.metadata.tags ?? [])).toEqual([
        [],
        ['raises-exception'],
        [],
        [],
      ]);
      const printed = (code[2]!.outputs ?? []).map((output) => output.text ?? '').join('');
      expect(printed).toMatch(/^t = -\d+\.\d{3}, p = \d\.\d{2}e-\d+\n$/);
      expect(code[3]!.outputs?.some((output) => output.data?.['image/png'])).toBe(true);
      expect(done.result?.report).toContain('A Welch t-test showed');

      // The notebook of the resumed step is still an honest record that re-runs.
      const download = await fetch(
        `${client.baseUrl}/api/data-analysis/notebook?conversationId=conversation-durable`,
        { headers: { cookie: client.cookieHeader() } },
      );
      const rerun = await validateAndRerun(await download.text(), 'scores.csv', SCORES_CSV);
      expect(rerun[2]).toBe(printed);

      // One step, one section's price: on PGlite the interrupted hold is refunded at start-up
      // and charged again by the resumed run; on PostgreSQL the resumed run reuses the hold.
      await waitFor(balance, (now) => Math.abs(now - (before - 0.1)) < 1e-6);
      const entries = await billingEntries(client);
      const count = (entry: string) =>
        entries.filter((candidate) => candidate.kind === entry).length;
      expect(count('charge') - count('refund')).toBe(1);
      expect(count('refund')).toBe(kind === 'pglite' ? 1 : 0);
    });

    it('fails and refunds a step whose cell was running when the server stopped twice', async () => {
      const SLOW = 'import time\ntime.sleep(300)';
      const respond = (chat: ChatRequest) =>
        isAnalysisRequest(chat, 'PLAN')
          ? {
              kind: 'json' as const,
              value: { plan: 'Wait.', cells: [LOAD_CELL, SLOW, 'print("after")'] },
            }
          : (analystResponder(chat) ?? defaultResponder(chat));
      const { client, crashAndRestart } = await startCrashScene(kind, cleanups, {
        respond,
        email: 'crasher@example.org',
      });
      const balance = async () => (await client.get('/api/user/balance')).body.balance as number;
      const before = await balance();
      const uploaded = await uploadDataFile(
        client,
        'scores.csv',
        SCORES_CSV,
        'crasher@example.org',
      );
      const response = await fetch(`${client.baseUrl}/api/data-analysis`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: client.baseUrl,
          cookie: client.cookieHeader(),
        },
        body: JSON.stringify({
          jobId: 'conversation-crashing',
          question: 'Does it finish?',
          messages: [],
          fileId: uploaded.body.fileId,
        }),
      });
      const stepId = response.headers.get('x-step-id');
      void response.text().catch(() => undefined);
      const step = async () =>
        (await client.get(`/api/data-analysis/job?stepId=${stepId}`)).body as unknown as StepAnswer;
      // The slow cell is running (its in-flight mark is written before it runs); the server
      // stops under it, twice.
      // The progress of a run of cell 2 is kept across a crash, so the second run is told by
      // its note that the cell started again.
      const running = (again: string) =>
        waitFor(step, (answer) =>
          JSON.stringify(answer.progress ?? '').includes(`Running cell 2 of 3${again}`),
        );
      await running('');
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await crashAndRestart(respond);
      await running(' (again, after the server stopped)');
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await crashAndRestart(respond);

      // The third run waits for the dead run to be noticed and the retry's backoff.
      const done = await waitFor(
        step,
        (answer) => !['pending', 'processing'].includes(answer.status),
        240_000,
      );
      // The step's own durable count of the cell's starts stops it at the third start.
      expect(done.status).toBe('failed');
      expect(done.error).toBe(sandboxFailedMessage(2));
      const code = done.trace.cells.filter((cell) => cell.cell_type === 'code');
      expect(code.map((cell) => cell.source)).toEqual([LOAD_CELL, SLOW]);
      expect(code[1]!.outputs?.[0]).toMatchObject({ ename: 'SandboxStopped' });
      // Never run a third time, and not charged.
      await waitFor(balance, (now) => Math.abs(now - before) < 1e-6);
      const entries = await billingEntries(client);
      const count = (entry: string) =>
        entries.filter((candidate) => candidate.kind === entry).length;
      expect(count('charge')).toBe(count('refund'));
    });
  },
);
