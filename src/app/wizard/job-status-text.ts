import type { RefineJob } from './api/paper-structure-api';

/** The statuses for which Add Paper opens the jobs list (002 §4 'Job listing'). */
export const LISTED_STATUSES = new Set(['pending', 'processing', 'completed', 'refining']);

/** Statuses the list refreshes for every 5 s (001 §9). */
export const RUNNING_STATUSES = new Set(['pending', 'processing', 'refining']);

/**
 * A refine job's place: `currentSection` is the 1-based number of the section being refined
 * (n when done) and `progress` the share of refined sections in percent.
 */
export function refineProgress(
  job: Pick<RefineJob, 'currentSection' | 'totalSections' | 'progress'>,
): { percent: number; index: number; total: number } {
  const total = Math.max(0, job.totalSections ?? 0);
  const index = Math.max(0, Math.min(job.currentSection ?? 0, total));
  const percent =
    typeof job.progress === 'number'
      ? Math.round(job.progress)
      : total > 0
        ? Math.round((Math.max(0, index - 1) / total) * 100)
        : 0;
  return { percent, index, total };
}

/** 002 §4 'Job listing': the text a job shows in the paper-structure jobs list. */
export function jobStatusText(job: RefineJob): string {
  const refining = () => {
    const { percent, index, total } = refineProgress(job);
    return `Refining structure (${percent}% - Section ${index}/${total})`;
  };
  if (job.jobType === 'refine') {
    if (job.status === 'pending') return 'Waiting to start refinement';
    if (job.status === 'completed') return 'Refinement complete - Ready to save';
    if (job.status === 'processing' || job.status === 'refining') return refining();
  } else {
    if (job.status === 'pending') return 'Waiting to generate structure';
    if (job.status === 'processing') return 'Generating structure...';
    if (job.status === 'completed') return 'Structure ready - Save or Refine';
    if (job.status === 'refining') return refining();
  }
  return job.error ? `${job.status}: ${job.error}` : job.status;
}
