import type { LanguageModel } from 'ai';
import type { CodeCell, NotebookCell } from '../../../shared/analysis/notebook';
import type { Db } from '../../db/database';
import type { DataAnalysis } from '../data-analysis-service';
import { readDataFileBytes, type DataFileSummary } from '../data-files/data-file-store';
import type { KernelDataFile } from '../kernel/kernel-runner';
import { sandboxFileName } from '../kernel/sandbox-command';
import { PermanentJobError } from '../../queue/job-type';
import { SandboxBusyError } from '../kernel/sandbox-budget';
import { appendStepCell, appendStepText, updateStep, type StepRow } from '../steps/step-store';
import { automaticPlan, automaticReport } from './automatic-analysis';
import { codeCell, markdownCell, outputText, SKIP_TAG } from './cells';
import { describeDataFile, loadCode } from './describe-file';
import { correctCell, planAnalysis, writeReport, type AnalysisContext } from './model-analyst';
import type { AnalysisProgress } from './progress';

export interface StepRunRequest {
  db: Db;
  analysis: DataAnalysis;
  step: StepRow;
  file: DataFileSummary;
  /** Null: the automatic exploratory notebook. */
  model: LanguageModel | null;
  /** The conversation before this step: questions and reports. */
  history: string;
  /** The code cells that ran well in the conversation's earlier steps, to rebuild a kernel. */
  earlierCode: string[];
  progress(progress: AnalysisProgress): Promise<void>;
}

/** How often streamed report text is written to the step row (what the POST streams). */
const TEXT_FLUSH_MS = 150;

/**
 * A step whose cells took the server down, or broke or stalled their sandbox, this many times
 * is failed (and refunded) rather than run again at every start.
 */
const MAX_SANDBOX_FAILURES = 2;
/** The errors of a cell after which the sandbox, not the cell's code, is to blame. */
const SANDBOX_FAILURES = new Set(['SandboxProtocolError', 'SandboxStalled']);

export function sandboxFailedMessage(cellNumber: number): string {
  return `Cell ${cellNumber} stopped the analysis sandbox twice, so the step was stopped and not charged.`;
}

const planIndexOf = (cell: NotebookCell) =>
  cell.cell_type === 'code' ? (cell.metadata.scriptor?.planIndex ?? -1) : -1;

/**
 * One analysis step (the engine of docs/data-analysis.md): planning → each planned cell run in
 * the conversation's kernel, a failed one shown with its traceback to the model for at most
 * `maxCorrections` new attempts → the report. Every stage and executed cell is checkpointed in
 * the step row first, so a resumed run continues where it stopped and the notebook keeps every
 * attempt, failed ones included.
 */
export async function runAnalysisStep(request: StepRunRequest): Promise<{ report: string }> {
  const { db, analysis, step, file, model } = request;
  const fileName = sandboxFileName(file.filename);
  const libraries = await analysis.runner.libraries();
  const context: AnalysisContext = {
    question: step.question,
    data: describeDataFile(fileName, file.sheets),
    load: loadCode(fileName, file.format, libraries),
    libraries: Object.entries(libraries)
      .map(([name, version]) => `${name} ${version}`)
      .join(', '),
    history: request.history,
  };
  const kernelKey = `${step.ownerId}:${step.conversationId}:${file.id}`;
  const loadFile = async (): Promise<KernelDataFile> => {
    const row = await readDataFileBytes(db, step.ownerId, file.id);
    if (!row) throw new Error('The data file was deleted');
    return { name: fileName, bytes: row.original };
  };

  // A kernel without this conversation's variables (first use, idle shutdown, a server
  // restart) is rebuilt before the first cell by running again what ran well before, so
  // variables are where the cells expect them; it starts now, while the model plans.
  let rebuild = !analysis.kernels.has(kernelKey);
  // Why the kernel waits for a sandbox, while it does: planning goes on meanwhile, and the
  // first cell then says so rather than 'Running cell 1'.
  let sandboxWait: string | null = null;
  const warming = analysis.kernels
    .warm(kernelKey, step.ownerId, loadFile, (message) => {
      sandboxWait = message;
      void request.progress(progressOf('planning', 1, 3, WAITING_FOR_SANDBOX, message));
    })
    .then(
      () => null,
      (error: unknown) => error,
    )
    .finally(() => {
      sandboxWait = null;
    });
  try {
    return await runSteps();
  } finally {
    // Whoever waits for this kernel's sandbox gets it now that the step is over.
    analysis.kernels.stepEnded(kernelKey);
  }

  async function runSteps(): Promise<{ report: string }> {
    let plan = step.plan;
    if (!plan) {
      await request.progress(progressOf('planning', 1, 3, 'Planning the analysis', step.question));
      plan = model
        ? await planAnalysis(model, context)
        : automaticPlan(fileName, file.format, libraries);
      step.cells = [
        markdownCell(`## ${step.question}`, 'planning'),
        markdownCell(plan.markdown, 'planning'),
      ];
      await updateStep(db, step.id, { plan, cells: step.cells });
      await appendStepText(db, step.id, `${plan.markdown}\n\n`);
    }
    const totalSteps = plan.code.length + 2;

    // The pool drops a kernel a limit stopped: rebuilt the same way.
    const run = (code: string) =>
      analysis.kernels.execute(kernelKey, step.ownerId, loadFile, code).catch((error: Error) => {
        if (error instanceof SandboxBusyError) throw new PermanentJobError(error.message);
        throw error;
      });
    const execute = async (code: string) => {
      if (rebuild || !analysis.kernels.has(kernelKey)) {
        const replay = [...request.earlierCode, ...succeededCode(step.cells)];
        for (const earlier of replay) await run(earlier);
        rebuild = false;
      }
      return run(code);
    };

    let stopped = false;
    for (const [index, planned] of plan.code.entries()) {
      if (index === 0) {
        if (sandboxWait) {
          await request.progress(
            progressOf('analysis', 2, totalSteps, WAITING_FOR_SANDBOX, sandboxWait),
          );
        }
        // No sandbox became free in time: the step fails with the reason, not after a second wait.
        const warmError = await warming;
        if (warmError instanceof SandboxBusyError) throw new PermanentJobError(warmError.message);
      }
      const attempts = step.cells.filter((cell): cell is CodeCell => planIndexOf(cell) === index);
      if (attempts.some((cell) => !cell.metadata.tags?.includes('raises-exception'))) continue;
      let attempt = attempts.length;
      let code = planned;
      while (attempt <= analysis.config.maxCorrections) {
        const last = attempts.at(-1);
        if (last) {
          if (!model) break;
          await request.progress(
            progressOf(
              'analysis',
              index + 2,
              totalSteps,
              `Correcting cell ${index + 1}`,
              last.outputs.length ? outputText(last.outputs, 300) : '',
            ),
          );
          code = await correctCell(model, context, {
            code: last.source,
            error: outputText(last.outputs),
            earlier: succeededCode(step.cells),
            killed: last.metadata.tags?.includes(SKIP_TAG) ?? false,
          });
        }
        const starts = startsOf(step, index, attempt + 1);
        // A cell started again after the server stopped under it says so: the person sees why
        // it takes longer, and the step's restarts can be told apart.
        const again = starts > 1 ? ' (again, after the server stopped)' : '';
        await request.progress(
          progressOf(
            'analysis',
            index + 2,
            totalSteps,
            `Running cell ${index + 1} of ${plan.code.length}${again}`,
            firstLine(code),
          ),
        );
        await beginCell(db, step, index, attempt + 1, code, starts);
        const result = await execute(code);
        const cell = codeCell(code, result, attempt + 1);
        cell.metadata.scriptor = { stage: 'analysis', attempt: attempt + 1, planIndex: index };
        step.inFlight = null;
        await appendStepCell(db, step, cell);
        if (sandboxFailures(step.cells) >= MAX_SANDBOX_FAILURES) {
          throw new PermanentJobError(sandboxFailedMessage(index + 1));
        }
        if (result.status === 'ok') break;
        attempts.push(cell);
        attempt += 1;
      }
      const done = step.cells.some(
        (cell) => planIndexOf(cell) === index && cell.cell_type === 'code' && !cell.metadata.tags,
      );
      if (!done) {
        stopped = true;
        break;
      }
    }

    await request.progress(progressOf('report', totalSteps, totalSteps, 'Writing the report', ''));
    let report: string;
    if (!model) {
      report = automaticReport(file.filename, file.sheets);
      await appendStepText(db, step.id, report);
    } else {
      report = await streamReport(request, model, context, stopped);
    }
    await appendStepCell(db, step, markdownCell(report, 'report'));
    await updateStep(db, step.id, { report });
    return { report };
  }
}

const WAITING_FOR_SANDBOX = 'Waiting for a free sandbox';

async function streamReport(
  request: StepRunRequest,
  model: LanguageModel,
  context: AnalysisContext,
  stopped: boolean,
): Promise<string> {
  const executed = request.step.cells
    .filter((cell): cell is CodeCell => cell.cell_type === 'code')
    .map((cell) => {
      // A failed attempt's partial output is no result: the model must not report from it.
      const failed = cell.metadata.tags ? ' (this attempt failed; do not report its output)' : '';
      return `In [${cell.execution_count ?? ' '}]${failed}:\n${cell.source}\nOut:\n${outputText(cell.outputs, 2000)}`;
    })
    .join('\n\n');
  const note = stopped
    ? '\n\nNote: a cell kept failing after the allowed corrections, so the analysis stopped there; say so.'
    : '';
  let report = '';
  let pending = '';
  let flushed = Date.now();
  for await (const text of writeReport(model, context, executed + note)) {
    report += text;
    pending += text;
    if (Date.now() - flushed >= TEXT_FLUSH_MS) {
      await appendStepText(request.db, request.step.id, pending);
      pending = '';
      flushed = Date.now();
    }
  }
  if (pending) await appendStepText(request.db, request.step.id, pending);
  if (!report.trim()) throw new Error('The model wrote no report');
  return report.trim();
}

/**
 * Marks the cell as running, durably, before it runs. The third start of the same cell means
 * the server stopped twice while it ran (a crash, a kill, a sandbox that took the process
 * down): the cell is kept with an error saying so and the step fails, refunded by the job.
 */
function startsOf(step: StepRow, index: number, attempt: number): number {
  const cell = `${index}:${attempt}`;
  return step.inFlight?.cell === cell ? step.inFlight.starts + 1 : 1;
}

async function beginCell(
  db: Db,
  step: StepRow,
  index: number,
  attempt: number,
  code: string,
  starts: number,
) {
  const cell = `${index}:${attempt}`;
  if (starts > MAX_SANDBOX_FAILURES) {
    const message = sandboxFailedMessage(index + 1);
    const failed = codeCell(
      code,
      {
        status: 'killed',
        executionCount: null,
        outputs: [
          { output_type: 'error', ename: 'SandboxStopped', evalue: message, traceback: [message] },
        ],
        restarted: false,
      },
      attempt,
    );
    failed.metadata.scriptor = { stage: 'analysis', attempt, planIndex: index };
    step.inFlight = null;
    await appendStepCell(db, step, failed);
    throw new PermanentJobError(message);
  }
  step.inFlight = { cell, starts };
  await updateStep(db, step.id, { inFlight: step.inFlight });
}

function sandboxFailures(cells: NotebookCell[]): number {
  return cells.filter(
    (cell) =>
      cell.cell_type === 'code' &&
      cell.outputs.some(
        (output) => output.output_type === 'error' && SANDBOX_FAILURES.has(output.ename),
      ),
  ).length;
}

function succeededCode(cells: NotebookCell[]): string[] {
  return cells
    .filter((cell): cell is CodeCell => cell.cell_type === 'code' && !cell.metadata.tags)
    .map((cell) => cell.source);
}

function firstLine(code: string): string {
  return code.split('\n').find((line) => line.trim() && !line.startsWith('#')) ?? '';
}

function progressOf(
  stage: AnalysisProgress['stage'],
  step: number,
  totalSteps: number,
  currentOperation: string,
  details: string,
): AnalysisProgress {
  return {
    stage,
    step,
    totalSteps,
    percentComplete: Math.round(((step - 1) / totalSteps) * 100),
    currentOperation,
    details,
  };
}
