import type { JobRow } from '../queue/job-store';

export function presentJob(row: Omit<JobRow, 'input'>) {
  return {
    jobId: row.id,
    jobType: row.type,
    status: row.status,
    paperId: row.paperId,
    progress: row.progress ?? null,
    result: row.status === 'completed' ? row.result : null,
    error: row.error,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
