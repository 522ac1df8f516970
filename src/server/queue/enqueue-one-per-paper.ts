import { isUniqueViolation } from '../db/unique-violation';
import { HttpError } from '../http/http-error';
import type { JobQueue } from './job-queue';
import type { JobRow } from './job-store';

/**
 * Queues a job of a type that may run only once per paper at a time (Rewrite Paper, the AI
 * Writing Process). The caller has checked that none runs; two starts sent at the same instant
 * both pass that check, and the database's jobs_one_running_per_paper_idx lets only the first
 * insert its job: the other is answered 409 with `runningMessage`.
 */
export async function enqueueOnePerPaper(
  queue: JobQueue,
  type: string,
  request: { ownerId: string; paperId: string; input: unknown },
  runningMessage: string,
): Promise<JobRow> {
  try {
    return await queue.enqueue(type, request);
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, runningMessage);
    throw error;
  }
}
