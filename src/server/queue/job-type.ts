import type { z } from 'zod';
import type { Db } from '../db/database';

export interface JobContext<Input> {
  jobId: string;
  /** Null for system jobs. */
  ownerId: string | null;
  paperId: string | null;
  input: Input;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
  db: Db;
  reportProgress(progress: unknown): Promise<void>;
  /** The process log, for what an operator should see (a long job's outcome). */
  log(message: string, details?: Record<string, unknown>): void;
}

/**
 * One kind of background work (structure, rewrite, writing, chat, conversion...). Each lives in
 * its own file under queue/jobs and is listed in the registry; the queue gives it durable
 * delivery, retries with backoff and the user-visible status row.
 */
export interface JobType<Input = unknown, Result = unknown> {
  name: string;
  input: z.ZodType<Input>;
  /** Retries after the first attempt; pg-boss backs off exponentially from retryDelaySeconds. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A run still active after this long is presumed dead (its worker crashed) and retried. */
  expireInSeconds: number;
  /**
   * For long jobs: while a run is alive its row is touched this often, and on Postgres a run
   * whose row has not been touched for three beats is presumed dead and retried (at start-up
   * and while workers run), long before `expireInSeconds`.
   */
  heartbeatSeconds?: number;
  /**
   * Jobs with the same lane never run at once (an analysis conversation: its steps build on
   * each other); null or absent: no such limit. Read from the input when the job is queued;
   * include the owner, so that one user's lane names never meet another's.
   */
  lane?(input: Input, ownerId: string | null): string | null;
  /** Fewer slots than JOB_CONCURRENCY for work that must not run side by side. */
  maxConcurrency?: number;
  perform(context: JobContext<Input>): Promise<Result>;
  /** Called once when the last attempt fails, to leave domain state consistent. */
  onFailed?(context: JobContext<Input>, error: Error): Promise<void>;
}

/**
 * A failure a retry cannot mend (every section of a refinement was refused by the model): the
 * job fails at once with this message instead of being run, and charged, again.
 */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export function defineJob<Input, Result>(type: JobType<Input, Result>): JobType<Input, Result> {
  return type;
}
