import type { WritingSectionRow } from '../ai/writing/writing-store';
import type { JobRow } from '../queue/job-store';

/** The writing job of 001 §3, as /status and /active answer it. */
export function presentWritingJob(job: JobRow, sections: readonly WritingSectionRow[]) {
  const writing = sections.findIndex((section) => section.status === 'writing');
  const finished = sections.filter(
    (section) => section.status === 'completed' || section.status === 'failed',
  ).length;
  return {
    jobId: job.id,
    // 001 §4 names the running state in_progress.
    status: job.status === 'processing' ? 'in_progress' : job.status,
    currentIndex: writing >= 0 ? writing : finished,
    createdAt: job.createdAt.toISOString(),
    completed: job.status === 'completed',
    active: job.status === 'pending' || job.status === 'processing',
    error: job.error,
    metadata: { reasoning: (job.input as { reasoning?: string }).reasoning ?? '' },
    sections: sections.map((section) => ({
      sectionIndex: section.sectionIndex,
      sectionNumber: section.sectionNumber,
      sectionTitle: section.sectionTitle,
      sectionLevel: section.sectionLevel,
      status: section.status,
      content: section.content,
      customInstructions: section.customInstructions,
      citations: section.citations,
      flags: section.flags,
      error: section.error,
      startedAt: section.startedAt?.toISOString() ?? null,
      completedAt: section.completedAt?.toISOString() ?? null,
    })),
  };
}
