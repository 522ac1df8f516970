import { ApiError } from '../../api/http';
import type { WritingJob } from './api/writing-api';
import { jobEnded } from './job-state';
import { FIRST_POLL_MS, NOT_FOUND_LIMIT, nextPollDelay } from './poll-schedule';

export interface JobPollerOptions {
  fetchJob: () => Promise<WritingJob>;
  onJob: (job: WritingJob) => void;
  /** After NOT_FOUND_LIMIT 404s in a row: the job is gone and polling has stopped. */
  onGone: () => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * Polls a writing job (001 §9): first after 3 s, then every 3 s while answers come, backing
 * off to 30 s while requests fail, stopping when the job has ended or after three 404s in a
 * row. Answers the function that stops it.
 */
export function pollWritingJob(options: JobPollerOptions): () => void {
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as number));
  let stopped = false;
  let failures = 0;
  let notFound = 0;
  let timer: unknown = null;

  const tick = async () => {
    try {
      const job = await options.fetchJob();
      if (stopped) return;
      failures = 0;
      notFound = 0;
      options.onJob(job);
      if (jobEnded(job)) return;
    } catch (error) {
      if (stopped) return;
      notFound = error instanceof ApiError && error.status === 404 ? notFound + 1 : 0;
      if (notFound >= NOT_FOUND_LIMIT) {
        options.onGone();
        return;
      }
      failures += 1;
    }
    timer = setTimer(() => void tick(), nextPollDelay(failures));
  };

  timer = setTimer(() => void tick(), FIRST_POLL_MS);
  return () => {
    stopped = true;
    if (timer !== null) clearTimer(timer);
  };
}
