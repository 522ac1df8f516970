import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rewriteSections, type RewriteSectionStatus, type RewriteTaskType } from '../../db/schema';

export type RewriteSectionRow = typeof rewriteSections.$inferSelect;

/** A section chosen for rewriting, as the job's input and its checkpoint rows hold it. */
export interface PlannedRewrite {
  sectionIndex: number;
  sectionNumber: string;
  sectionTitle: string;
  sectionLevel: number;
  originalContent: string;
  taskType: RewriteTaskType;
  /** The task explanation of a custom task (system prompt, blank line, instructions). */
  customInstructions: string;
  enableLiteratureSearch: boolean;
}

/** The job's sections in document order, not started; a second call changes nothing. */
export async function insertRewriteSections(
  db: Db,
  jobId: string,
  sections: readonly PlannedRewrite[],
): Promise<void> {
  await db
    .insert(rewriteSections)
    .values(sections.map((section, position) => ({ jobId, position, ...section })))
    .onConflictDoNothing();
}

/** A job's sections in document order. Callers have checked that the job is the user's. */
export async function listRewriteSections(db: Db, jobId: string): Promise<RewriteSectionRow[]> {
  return db
    .select()
    .from(rewriteSections)
    .where(eq(rewriteSections.jobId, jobId))
    .orderBy(asc(rewriteSections.position));
}

export async function updateRewriteSection(
  db: Db,
  jobId: string,
  position: number,
  changes: Partial<{
    status: RewriteSectionStatus;
    content: string;
    citations: unknown[];
    removedCitations: number;
    error: string | null;
    startedAt: Date | null;
    completedAt: Date | null;
  }>,
): Promise<void> {
  await db
    .update(rewriteSections)
    .set(changes)
    .where(and(eq(rewriteSections.jobId, jobId), eq(rewriteSections.position, position)));
}
