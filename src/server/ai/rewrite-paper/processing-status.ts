import type { JobStatus } from '../../db/schema';

export const REWRITE_CANCELLED_STATUS = 'error: The rewrite was cancelled.';
export const NOTHING_REWRITTEN_STATUS = 'error: No section could be rewritten. Please try again.';

interface StatusSection {
  sectionNumber: string;
  sectionTitle: string;
  status: string;
}

/**
 * 001 §4 'Rewrite job status': free text, '' when the paper has no rewrite, 'completed' when
 * done, 'error: …' on failure (a cancel included, so the client stops polling), anything else
 * while it runs, saying which section is being rewritten.
 */
export function processingStatus(
  job: { status: JobStatus; error: string | null } | undefined,
  sections: readonly StatusSection[],
): string {
  if (!job) return '';
  switch (job.status) {
    case 'cancelled':
      return REWRITE_CANCELLED_STATUS;
    case 'failed':
      return `error: ${job.error ?? 'The rewrite failed.'}`;
    case 'completed':
      return sections.some((section) => section.status === 'completed')
        ? 'completed'
        : NOTHING_REWRITTEN_STATUS;
    default: {
      const finished = sections.filter(
        (section) => section.status === 'completed' || section.status === 'failed',
      ).length;
      const current = sections.find((section) => section.status === 'processing');
      if (!current) {
        return `Waiting to rewrite ${sections.length} ${sections.length === 1 ? 'section' : 'sections'}…`;
      }
      const label = `${current.sectionNumber} ${current.sectionTitle}`.trim();
      return `Rewriting section ${label} (${finished + 1} of ${sections.length})…`;
    }
  }
}
