import type { StructureResult } from '../../shared/papers/paper-structure';
import type { RefineJob, RefineResult, StructureStatus } from './api/paper-structure-api';
import { PollAbortedError, PollTimeoutError, pollUntil, sleep, type PollOptions } from './poll';

/**
 * How the wizard follows its two jobs (001 §9), apart from React: a structure every 3 s, at
 * most 600 times (about 30 minutes, a resumed job alike); a refinement every 2 s, its result
 * applied 2 s after it completed. `wait` is the clock, so a test can count the waits.
 */

export const STRUCTURE_POLL_MS = 3000;
export const STRUCTURE_POLL_TRIES = 600;
export const REFINE_POLL_MS = 2000;
export const REFINE_APPLY_DELAY_MS = 2000;
/** Sections take minutes each with a real model: the poll gives up only after a day. */
export const REFINE_POLL_TRIES = 43_200;

export const OVERLOADED =
  'Failed to generate structure. The system might be overloaded. Please try again later.';
export const TIMED_OUT = 'Structure generation timed out. Please try again.';

type Wait = PollOptions<unknown>['wait'];

export type StructureOutcome =
  | { kind: 'done'; result: StructureResult }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string }
  | { kind: 'aborted' };

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Unknown error';
}

/** Follows a structure job to its end and names the outcome with 001 §8's texts. */
export async function followStructure(options: {
  read: () => Promise<StructureStatus>;
  signal: AbortSignal;
  onUpdate?: (status: StructureStatus) => void;
  wait?: Wait;
}): Promise<StructureOutcome> {
  try {
    const final = await pollUntil({
      read: options.read,
      done: (status) => !['pending', 'processing'].includes(String(status.status)),
      intervalMs: STRUCTURE_POLL_MS,
      maxTries: STRUCTURE_POLL_TRIES,
      signal: options.signal,
      onUpdate: options.onUpdate,
      wait: options.wait,
    });
    // 'refining': the structure handed over to a refinement and keeps its result (001 §4).
    if ((final.status === 'completed' || final.status === 'refining') && final.result) {
      return { kind: 'done', result: final.result };
    }
    if (final.status === 'cancelled') return { kind: 'cancelled' };
    return {
      kind: 'failed',
      message: `Structure generation failed: ${final.error ?? 'Unknown error'}`,
    };
  } catch (error) {
    if (error instanceof PollAbortedError) return { kind: 'aborted' };
    if (error instanceof PollTimeoutError) return { kind: 'failed', message: TIMED_OUT };
    return { kind: 'failed', message: `Structure generation failed: ${errorText(error)}` };
  }
}

export type RefineOutcome =
  | { kind: 'applied'; job: RefineJob; result: RefineResult }
  | { kind: 'cancelled' }
  | { kind: 'failed'; job: RefineJob | null }
  | { kind: 'aborted' };

/**
 * Follows a refinement to its end; once completed it waits 2 s (the user sees it complete)
 * before it reads the result. `onCompleted` marks that moment.
 */
export async function followRefinement(options: {
  read: () => Promise<RefineJob>;
  result: () => Promise<RefineResult>;
  signal: AbortSignal;
  onUpdate?: (job: RefineJob) => void;
  onCompleted?: (job: RefineJob) => void;
  wait?: Wait;
}): Promise<RefineOutcome> {
  let job: RefineJob | null = null;
  try {
    job = await pollUntil({
      read: options.read,
      done: (update) => ['completed', 'failed', 'cancelled'].includes(update.status),
      intervalMs: REFINE_POLL_MS,
      maxTries: REFINE_POLL_TRIES,
      signal: options.signal,
      onUpdate: options.onUpdate,
      wait: options.wait,
    });
    if (job.status === 'cancelled') return { kind: 'cancelled' };
    if (job.status !== 'completed') return { kind: 'failed', job };
    options.onCompleted?.(job);
    await (options.wait ?? sleep)(REFINE_APPLY_DELAY_MS, options.signal);
    return { kind: 'applied', job, result: await options.result() };
  } catch (error) {
    if (error instanceof PollAbortedError) return { kind: 'aborted' };
    return { kind: 'failed', job };
  }
}
