import type { AppContext } from '../app-context';
import { withCharge } from '../billing/with-charge';
import type { Db } from '../db/database';
import { findJob } from './job-store';
import type { JobContext } from './job-type';

/** How often a running job looks whether the user cancelled or discarded it. */
const CANCEL_CHECK_MS = 500;

interface CheckpointRow {
  position: number;
  status: string;
}

/** One section job's rows and what each step writes to them. */
export interface SectionSteps<Row extends CheckpointRow, Result> {
  /** The checkpoint rows, in the order they are worked on. */
  list(): Promise<Row[]>;
  /** Rows this run works on besides the finished and failed ones it always skips. */
  todo?(row: Row): boolean;
  /** The section in the process log. */
  label(row: Row): string;
  /** The charge for one section; null when the run is free (e.g. no model). */
  charge(
    row: Row,
  ): { userId: string; what: string; costPerSection: number | null | undefined } | null;
  work(row: Row, at: { index: number; rows: Row[]; signal: AbortSignal }): Promise<Result>;
  started(row: Row): Promise<void>;
  completed(row: Row, result: Result): Promise<void>;
  /** Cancelled mid-call: back to waiting, so nothing of it is kept. */
  putBack(row: Row): Promise<void>;
  failed(row: Row, message: string): Promise<void>;
}

export interface SectionsOutcome {
  completed: number;
  /** The messages of the sections that failed in this run, in order. */
  failures: string[];
  cancelled: boolean;
}

/**
 * The loop every job that works through sections one at a time shares (Rewrite Paper, the AI
 * Writing Process, structure refinement). Each section is a checkpoint row, so a run resumed
 * after a crash starts at the first unfinished one; each is one charge keyed by job and
 * position, so a finished section is never charged again. A failed section is refunded and the
 * run goes on; a cancel, or the job's row deleted by a discard, aborts the call in progress
 * (its charge is refunded), puts that section back and stops.
 */
export async function runSectionBySection<Row extends CheckpointRow, Result>(
  job: {
    name: string;
    jobId: string;
    db: Db;
    context: AppContext;
    log: JobContext<unknown>['log'];
  },
  steps: SectionSteps<Row, Result>,
): Promise<SectionsOutcome> {
  const { name, jobId, db, context, log } = job;
  const cancel = new AbortController();
  const watch = setInterval(() => {
    findJob(db, jobId)
      .then((row) => {
        if (!row || row.status === 'cancelled') cancel.abort();
      })
      .catch(() => undefined);
  }, CANCEL_CHECK_MS);
  const outcome: SectionsOutcome = { completed: 0, failures: [], cancelled: false };
  try {
    const rows = await steps.list();
    for (const [index, row] of rows.entries()) {
      if (cancel.signal.aborted) break;
      if (row.status === 'completed' || row.status === 'failed') continue;
      if (steps.todo && !steps.todo(row)) continue;
      await steps.started(row);
      const work = () => steps.work(row, { index, rows, signal: cancel.signal });
      const charge = steps.charge(row);
      try {
        const result = charge
          ? await withCharge(
              context,
              { ...charge, idempotencyKey: `${name}:${jobId}:${row.position}` },
              work,
            )
          : await work();
        await steps.completed(row, result);
        outcome.completed += 1;
      } catch (error) {
        if (cancel.signal.aborted) {
          await steps.putBack(row);
          break;
        }
        const message = (error as Error).message;
        log('a section failed', { job: name, jobId, section: steps.label(row), error: message });
        outcome.failures.push(message);
        await steps.failed(row, message);
      }
    }
  } finally {
    clearInterval(watch);
  }
  outcome.cancelled = cancel.signal.aborted;
  return outcome;
}
