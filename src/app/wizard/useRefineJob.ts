import { useCallback, useEffect, useRef, useState } from 'react';
import {
  cancelRefinement,
  refineResult,
  refineStatus,
  startRefinement,
  type RefineJob,
  type RefineRequest,
  type RefineResult,
} from './api/paper-structure-api';
import { PollAbortedError, pollUntil } from './poll';

/** 001 §9: a refinement is polled every 2 s and its result applied 2 s after completion. */
export const REFINE_POLL_MS = 2000;
export const REFINE_APPLY_DELAY_MS = 2000;
/** Sections take minutes each with a real model: the poll gives up only after a day. */
const REFINE_POLL_TRIES = 43_200;

export type RefinePhase = 'idle' | 'starting' | 'running' | 'applying' | 'done' | 'failed';

export interface RefineState {
  phase: RefinePhase;
  jobId: string | null;
  job: RefineJob | null;
}

const IDLE: RefineState = { phase: 'idle', jobId: null, job: null };

const ended = (job: RefineJob) => ['completed', 'failed', 'cancelled'].includes(job.status);

/**
 * The comprehensive refinement of the wizard's structure (001 §2, §7): start, follow (also a
 * job reopened from the jobs list), cancel, and hand the refined content to `onResult` 2 s
 * after the job completed.
 */
export function useRefineJob(handlers: {
  onResult: (result: RefineResult) => void;
  onAlert: (message: string) => void;
}) {
  const [state, setState] = useState<RefineState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  }, [handlers]);
  useEffect(() => () => controller.current?.abort(), []);

  const follow = useCallback(async (jobId: string) => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    setState({ phase: 'running', jobId, job: null });
    try {
      const job = await pollUntil({
        read: () => refineStatus(jobId),
        done: ended,
        intervalMs: REFINE_POLL_MS,
        maxTries: REFINE_POLL_TRIES,
        signal: own.signal,
        onUpdate: (update) => setState((current) => ({ ...current, job: update })),
      });
      if (job.status === 'cancelled') {
        setState(IDLE);
        return;
      }
      if (job.status !== 'completed') {
        setState({ phase: 'failed', jobId, job });
        latest.current.onAlert('Refinement failed.');
        return;
      }
      setState({ phase: 'applying', jobId, job });
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, REFINE_APPLY_DELAY_MS);
        own.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new PollAbortedError());
        });
      });
      latest.current.onResult(await refineResult(jobId));
      setState({ phase: 'done', jobId, job });
    } catch (error) {
      if (error instanceof PollAbortedError) return;
      setState((current) => ({ ...current, phase: 'failed' }));
      latest.current.onAlert('Refinement failed.');
    }
  }, []);

  const start = useCallback(
    async (request: RefineRequest) => {
      setState({ phase: 'starting', jobId: null, job: null });
      let jobId: string;
      try {
        ({ jobId } = await startRefinement(request));
      } catch {
        setState(IDLE);
        latest.current.onAlert('Failed to start refinement.');
        return;
      }
      await follow(jobId);
    },
    [follow],
  );

  const cancel = useCallback(async () => {
    const { jobId } = state;
    if (!jobId) return;
    try {
      await cancelRefinement(jobId);
      controller.current?.abort();
      setState(IDLE);
    } catch {
      latest.current.onAlert('Failed to cancel refinement.');
    }
  }, [state]);

  /** Stops following without cancelling the job (the wizard unmounts). */
  const stop = useCallback(() => controller.current?.abort(), []);

  return { state, start, follow, cancel, stop };
}
