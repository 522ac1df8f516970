import { useCallback, useEffect, useRef, useState } from 'react';
import type { StructureResult } from '../../shared/papers/paper-structure';
import { ApiError } from '../api/http';
import { startStructure, structureStatus, type StructureStatus } from './api/paper-structure-api';
import { PollAbortedError, PollTimeoutError, pollUntil } from './poll';

/** 001 §9: a structure is polled every 3 s, at most 600 times (about 30 minutes). */
export const STRUCTURE_POLL_MS = 3000;
export const STRUCTURE_POLL_TRIES = 600;

export const OVERLOADED =
  'Failed to generate structure. The system might be overloaded. Please try again later.';
export const TIMED_OUT = 'Structure generation timed out. Please try again.';

export type StructurePhase = 'idle' | 'running' | 'done' | 'failed';

export interface StructureJobState {
  phase: StructurePhase;
  jobId: string | null;
  /** The job's current step ('Searching the literature', ...). */
  operation: string | null;
  result: StructureResult | null;
  /** The alert text of a failure (001 §8 'Wizard'). */
  error: string | null;
}

const IDLE: StructureJobState = {
  phase: 'idle',
  jobId: null,
  operation: null,
  result: null,
  error: null,
};

const finished = (status: StructureStatus) =>
  !['pending', 'processing'].includes(String(status.status));

/**
 * The wizard's structure job: `start` asks POST /api/structure, `resume` picks up a job by id
 * (the jobs list, after a reload); both poll GET /api/structure until the job ends.
 */
export function useStructureJob(
  onFailure: (message: string) => void,
  onResult: (result: StructureResult) => void,
) {
  const [state, setState] = useState<StructureJobState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  const failure = useRef(onFailure);
  const arrived = useRef(onResult);
  useEffect(() => {
    failure.current = onFailure;
    arrived.current = onResult;
  }, [onFailure, onResult]);
  useEffect(() => () => controller.current?.abort(), []);

  const fail = useCallback((jobId: string | null, message: string) => {
    setState({ ...IDLE, phase: 'failed', jobId, error: message });
    failure.current(message);
  }, []);

  const resume = useCallback(
    async (jobId: string) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      setState({ ...IDLE, phase: 'running', jobId });
      try {
        const final = await pollUntil({
          read: () => structureStatus(jobId),
          done: finished,
          intervalMs: STRUCTURE_POLL_MS,
          maxTries: STRUCTURE_POLL_TRIES,
          signal: own.signal,
          onUpdate: (status) =>
            setState((current) => ({
              ...current,
              operation: status.progress?.currentOperation ?? current.operation,
            })),
        });
        // 'refining': the structure handed over to a refinement and keeps its result (001 §4).
        if ((final.status === 'completed' || final.status === 'refining') && final.result) {
          setState({ ...IDLE, phase: 'done', jobId, result: final.result });
          arrived.current(final.result);
        } else if (final.status === 'cancelled') {
          setState({ ...IDLE, jobId });
        } else {
          fail(jobId, `Structure generation failed: ${final.error ?? 'Unknown error'}`);
        }
      } catch (error) {
        if (error instanceof PollAbortedError) return;
        if (error instanceof PollTimeoutError) fail(jobId, TIMED_OUT);
        else fail(jobId, `Structure generation failed: ${errorText(error)}`);
      }
    },
    [fail],
  );

  const start = useCallback(
    async (request: Parameters<typeof startStructure>[0]) => {
      controller.current?.abort();
      setState({ ...IDLE, phase: 'running' });
      let jobId: string;
      try {
        ({ jobId } = await startStructure(request));
      } catch (error) {
        // The server's own text for what the user can fix (a balance, a missing title).
        const message =
          error instanceof ApiError && error.status >= 400 && error.status < 500
            ? error.message
            : OVERLOADED;
        fail(null, message);
        return;
      }
      await resume(jobId);
    },
    [fail, resume],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  return { state, start, resume, stop };
}

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Unknown error';
}
