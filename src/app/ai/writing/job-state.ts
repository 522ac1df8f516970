import type { WritingJob } from './api/writing-api';

/**
 * 001 §4: a job has ended when every section is completed or failed, or when its own status
 * is completed or failed; a cancelled job has ended too (it writes nothing more).
 */
export function jobEnded(job: WritingJob): boolean {
  if (['completed', 'failed', 'cancelled'].includes(job.status)) return true;
  return (
    job.sections.length > 0 &&
    job.sections.every((section) => section.status === 'completed' || section.status === 'failed')
  );
}

/** 'Writing section 2 of 6: Results', or where the job stands once nothing is being written. */
export function progressText(job: WritingJob): string {
  const total = job.sections.length;
  const finished = job.sections.filter(
    (section) => section.status === 'completed' || section.status === 'failed',
  ).length;
  const failed = job.sections.filter((section) => section.status === 'failed').length;
  if (job.status === 'cancelled') return `Cancelled after ${finished} of ${total} sections`;
  if (jobEnded(job)) {
    return failed > 0
      ? `Finished: ${finished - failed} of ${total} sections written, ${failed} failed`
      : total === 1
        ? 'Finished: the section is written'
        : `Finished: all ${total} sections written`;
  }
  const writing = job.sections.findIndex((section) => section.status === 'writing');
  if (writing < 0) return `Waiting to write section ${finished + 1} of ${total}`;
  const section = job.sections[writing];
  return `Writing section ${writing + 1} of ${total}: ${section?.sectionNumber} ${section?.sectionTitle}`;
}
