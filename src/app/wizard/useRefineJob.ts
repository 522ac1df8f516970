import { useCallback, useEffect, useRef, useState } from 'react';
import { reasonOf } from '../api/http';
import {
  cancelRefinement,
  refineResult,
  refineStatus,
  startRefinement,
  type RefineJob,
  type RefineRequest,
  type RefineResult,
} from './api/paper-structure-api';
import { followRefinement } from './job-polls';

export type RefinePhase = 'idle' | 'starting' | 'running' | 'applying' | 'done' | 'failed';

export interface RefineState {
  phase: RefinePhase;
  jobId: string | null;
  job: RefineJob | null;
}

const IDLE: RefineState = { phase: 'idle', jobId: null, job: null };

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
    const outcome = await followRefinement({
      read: () => refineStatus(jobId),
      result: () => refineResult(jobId),
      signal: own.signal,
      onUpdate: (update) => setState((current) => ({ ...current, job: update })),
      onCompleted: (job) => setState({ phase: 'applying', jobId, job }),
    });
    if (outcome.kind === 'aborted') return;
    if (outcome.kind === 'cancelled') {
      setState(IDLE);
    } else if (outcome.kind === 'failed') {
      setState((current) => ({ phase: 'failed', jobId, job: outcome.job ?? current.job }));
      latest.current.onAlert('Refinement failed.');
    } else {
      latest.current.onResult(outcome.result);
      setState({ phase: 'done', jobId, job: outcome.job });
    }
  }, []);

  const start = useCallback(
    async (request: RefineRequest) => {
      setState({ phase: 'starting', jobId: null, job: null });
      let jobId: string;
      try {
        ({ jobId } = await startRefinement(request));
      } catch (error) {
        setState(IDLE);
        latest.current.onAlert(reasonOf(error, 'Failed to start refinement.'));
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
    } catch (error) {
      latest.current.onAlert(reasonOf(error, 'Failed to cancel refinement.'));
    }
  }, [state]);

  /** Stops following without cancelling the job (the wizard unmounts). */
  const stop = useCallback(() => controller.current?.abort(), []);

  return { state, start, follow, cancel, stop };
}
