import { useCallback, useEffect, useRef, useState } from 'react';
import type { StructureResult } from '../../shared/papers/paper-structure';
import { ApiError, reasonOf } from '../api/http';
import { startStructure, structureStatus } from './api/paper-structure-api';
import { followStructure, OVERLOADED } from './job-polls';

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

/**
 * The wizard's structure job: `start` asks POST /api/structure, `resume` picks up a job by id
 * (the jobs list, after a reload); both poll GET /api/structure until the job ends.
 */
export function useStructureJob(
  /** `status` is the refused start's HTTP status (402: the balance cannot pay). */
  onFailure: (message: string, status?: number) => void,
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

  const fail = useCallback((jobId: string | null, message: string, status?: number) => {
    setState({ ...IDLE, phase: 'failed', jobId, error: message });
    failure.current(message, status);
  }, []);

  const resume = useCallback(
    async (jobId: string) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      setState({ ...IDLE, phase: 'running', jobId });
      const outcome = await followStructure({
        read: () => structureStatus(jobId),
        signal: own.signal,
        onUpdate: (status) =>
          setState((current) => ({
            ...current,
            operation: status.progress?.currentOperation ?? current.operation,
          })),
      });
      if (outcome.kind === 'done') {
        setState({ ...IDLE, phase: 'done', jobId, result: outcome.result });
        arrived.current(outcome.result);
      } else if (outcome.kind === 'cancelled') {
        setState({ ...IDLE, jobId });
      } else if (outcome.kind === 'failed') {
        fail(jobId, outcome.message);
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
        // The server's own text (a balance, a missing title, a model it needs); the spec's
        // 'overloaded' alert only when it gave none.
        fail(
          null,
          reasonOf(error, OVERLOADED),
          error instanceof ApiError && error.fromServer ? error.status : undefined,
        );
        return;
      }
      await resume(jobId);
    },
    [fail, resume],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  return { state, start, resume, stop };
}
