import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { jobs, papers, refineSections, type RefineSectionStatus } from '../../../db/schema';
import type { StructureSection } from '../../../../shared/papers/paper-structure';
import type { RefineCheckpoint } from './refined-structure';
import type { OutlineSection } from './refine-request';

/** The job's headings in document order, all pending; a second call changes nothing. */
export async function insertRefineSections(
  db: Db,
  jobId: string,
  outline: readonly OutlineSection[],
): Promise<void> {
  if (outline.length === 0) return;
  await db
    .insert(refineSections)
    .values(
      outline.map((section, position) => ({
        jobId,
        position,
        level: section.level,
        title: section.title,
        purpose: section.purpose,
        works: section.works,
        refinable: section.refinable,
        status: section.refinable ? ('pending' as const) : ('completed' as const),
      })),
    )
    .onConflictDoNothing();
}

export type RefineSectionRow = RefineCheckpoint & { position: number };

/** A job's headings in order. Callers have checked that the job is the user's. */
export async function listRefineSections(db: Db, jobId: string): Promise<RefineSectionRow[]> {
  const rows = await db
    .select()
    .from(refineSections)
    .where(eq(refineSections.jobId, jobId))
    .orderBy(asc(refineSections.position));
  return rows.map((row) => ({
    position: row.position,
    level: row.level,
    title: row.title,
    purpose: row.purpose,
    works: row.works as OutlineSection['works'],
    refinable: row.refinable,
    status: row.status,
    subsections: row.subsections as StructureSection[],
    error: row.error,
  }));
}

export async function updateRefineSection(
  db: Db,
  jobId: string,
  position: number,
  changes: Partial<{
    status: RefineSectionStatus;
    subsections: StructureSection[];
    error: string | null;
    startedAt: Date | null;
    completedAt: Date | null;
  }>,
): Promise<void> {
  await db
    .update(refineSections)
    .set(changes)
    .where(and(eq(refineSections.jobId, jobId), eq(refineSections.position, position)));
}

/** Progress of refine jobs: refinable headings, refined ones, the one in progress. */
export interface RefineCounts {
  total: number;
  done: number;
  /** The heading being refined, if any (the tree marks it 'Refining...'). */
  refiningTitle: string | null;
}

export async function refineCounts(
  db: Db,
  jobIds: readonly string[],
): Promise<Map<string, RefineCounts>> {
  const counts = new Map<string, RefineCounts>();
  if (jobIds.length === 0) return counts;
  const rows = await db
    .select({
      jobId: refineSections.jobId,
      status: refineSections.status,
      title: refineSections.title,
    })
    .from(refineSections)
    .where(and(inArray(refineSections.jobId, [...jobIds]), eq(refineSections.refinable, true)))
    .orderBy(asc(refineSections.position));
  for (const row of rows) {
    const entry = counts.get(row.jobId) ?? { total: 0, done: 0, refiningTitle: null };
    entry.total += 1;
    if (row.status === 'completed' || row.status === 'failed') entry.done += 1;
    if (row.status === 'refining') entry.refiningTitle = row.title;
    counts.set(row.jobId, entry);
  }
  return counts;
}

/** What the jobs list reads of a structure or refine job: no megabytes of uploaded text. */
const listedColumns = {
  id: jobs.id,
  type: jobs.type,
  status: jobs.status,
  paperId: jobs.paperId,
  progress: jobs.progress,
  error: jobs.error,
  createdAt: jobs.createdAt,
  title: sql<string | null>`${jobs.input}->>'title'`,
  description: sql<string | null>`${jobs.input}->>'description'`,
  methodology: sql<string | null>`${jobs.input}->>'methodology'`,
  field: sql<string | null>`${jobs.input}->>'field'`,
  paperType: sql<string | null>`${jobs.input}->>'paperType'`,
  structureJobId: sql<string | null>`${jobs.input}->>'structureJobId'`,
};

export type ListedJob = Awaited<ReturnType<typeof listStructureJobs>>[number];

/**
 * The user's jobs of `types` whose paper is still the wizard's draft (or that have none),
 * newest first: a saved or discarded paper's jobs are done with.
 */
export async function listStructureJobs(db: Db, ownerId: string, types: readonly string[]) {
  return db
    .select(listedColumns)
    .from(jobs)
    .leftJoin(papers, eq(papers.id, jobs.paperId))
    .where(
      and(
        eq(jobs.ownerId, ownerId),
        inArray(jobs.type, [...types]),
        or(isNull(jobs.paperId), eq(papers.status, 'draft')),
      ),
    )
    .orderBy(desc(jobs.createdAt))
    .limit(100);
}

/** One of the user's jobs as the jobs list reads it, or undefined. */
export async function findListedJob(db: Db, ownerId: string, jobId: string) {
  const [row] = await db
    .select(listedColumns)
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.ownerId, ownerId)));
  return row;
}

/**
 * The refine jobs each of the structure jobs handed over to: the newest that was not
 * cancelled and did not fail (a failed refinement gives the structure back to the user).
 */
export async function handOvers(
  db: Db,
  ownerId: string,
  refineType: string,
  structureJobIds: readonly string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (structureJobIds.length === 0) return found;
  const linked = sql<string>`${jobs.input}->>'structureJobId'`;
  const rows = await db
    .select({ id: jobs.id, structureJobId: linked })
    .from(jobs)
    .where(
      and(
        eq(jobs.ownerId, ownerId),
        eq(jobs.type, refineType),
        inArray(jobs.status, ['pending', 'processing', 'completed']),
        inArray(linked, [...structureJobIds]),
      ),
    )
    .orderBy(desc(jobs.createdAt));
  for (const row of rows) {
    if (!found.has(row.structureJobId)) found.set(row.structureJobId, row.id);
  }
  return found;
}
