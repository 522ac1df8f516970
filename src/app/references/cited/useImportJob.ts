import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { importJobState, type ImportJobState } from '../api/reference-files-api';

const POLL_MS = 700;
const FINAL = new Set(['completed', 'failed', 'cancelled']);

export interface ImportJob {
  /** The job of the paper's running or last finished large import, while it is shown. */
  state: ImportJobState | null;
  entries: number;
  start(jobId: string, entries: number): void;
  dismiss(): void;
}

/**
 * Follows a large reference import that runs as a background job: polls its progress until it
 * ends and then calls `onFinished` once, so the paper (with its new citations) is reloaded. It
 * lives with the References pane rather than the dialog, so closing the dialog loses nothing.
 */
export function useImportJob(paperId: string, onFinished: () => void): ImportJob {
  const [job, setJob] = useState<{ paperId: string; jobId: string; entries: number } | null>(null);
  const current = job?.paperId === paperId ? job : null;
  const query = useQuery({
    queryKey: ['references', 'import-job', current?.jobId ?? null],
    queryFn: () => importJobState(current?.jobId ?? ''),
    enabled: current !== null,
    refetchInterval: (polled) =>
      polled.state.data && FINAL.has(polled.state.data.status) ? false : POLL_MS,
  });
  const status = current ? query.data?.status : undefined;
  const finishedJob = useRef<string | null>(null);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  }, [onFinished]);
  useEffect(() => {
    if (!current || status === undefined || !FINAL.has(status)) return;
    if (finishedJob.current === current.jobId) return;
    finishedJob.current = current.jobId;
    finished.current();
  }, [current, status]);

  const start = useCallback(
    (jobId: string, entries: number) => setJob({ paperId, jobId, entries }),
    [paperId],
  );
  const dismiss = useCallback(() => setJob(null), []);
  return {
    state: current ? (query.data ?? null) : null,
    entries: current?.entries ?? 0,
    start,
    dismiss,
  };
}
