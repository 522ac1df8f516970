import type { ListedJob, RefineCounts } from '../ai/structure/refine/refine-store';
import { REFINE_JOB } from '../queue/jobs/structure-refine';

/**
 * A structure or refine job as the wizard and the jobs list show it (001 §3 'Refine job', 002
 * §3 'Job'). A running refinement is `refining`; a structure job that handed over to a
 * refinement (001 §4) is `refining` too and names it in `refineJobId`. `currentSection` is the
 * heading being refined, 1-based ('Section i/n'); `progress` the share refined, 0–100.
 */
export function presentStructureJob(
  row: ListedJob,
  counts: RefineCounts | undefined,
  refineJobId: string | null,
) {
  const refine = row.type === REFINE_JOB;
  const total = counts?.total ?? 0;
  const done = counts?.done ?? 0;
  const running = row.status === 'processing' || (!refine && refineJobId !== null);
  let status: string = row.status;
  if ((refine && row.status === 'processing') || (!refine && refineJobId !== null)) {
    status = 'refining';
  }
  return {
    jobId: row.id,
    jobType: refine ? ('refine' as const) : ('structure' as const),
    status,
    title: row.title ?? '',
    description: row.description ?? '',
    methodology: row.methodology ?? '',
    field: row.field ?? '',
    paperType: row.paperType ?? '',
    paperId: row.paperId,
    structureJobId: refine ? row.structureJobId : null,
    refineJobId: refine ? null : refineJobId,
    currentSection: running && total > 0 ? Math.min(done + 1, total) : done,
    totalSections: total,
    currentSectionTitle: counts?.refiningTitle ?? null,
    progress: total > 0 ? Math.round((done / total) * 100) : row.status === 'completed' ? 100 : 0,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}

export type PresentedStructureJob = ReturnType<typeof presentStructureJob>;
