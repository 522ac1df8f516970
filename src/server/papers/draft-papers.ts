import { and, eq, inArray, lt, notExists } from 'drizzle-orm';
import type { Db } from '../db/database';
import { jobs, papers } from '../db/schema';
import type { JobStatus } from '../db/schema/jobs';
import type { PaperInsert } from './paper-store';

/**
 * The wizard's temporary papers (001 §4 'Wizard'): created as `draft` when the user leaves the
 * properties step, hidden from the paper list, and either finalized into a normal paper by
 * Save or removed by Discard/Close. Every query is scoped by owner.
 */
export async function insertDraftPaper(db: Db, ownerId: string, values: PaperInsert) {
  const [row] = await db
    .insert(papers)
    .values({ ...values, ownerId, status: 'draft' })
    .returning();
  if (!row) throw new Error('Paper insert returned no row');
  return row;
}

/**
 * Turns a draft into a normal paper with the wizard's final content and properties; undefined
 * when it is no draft (any more). Who may do it is the policy's to decide (the caller's).
 */
export async function finalizeDraftPaper(
  db: Db,
  id: string,
  values: Pick<
    PaperInsert,
    'type' | 'title' | 'description' | 'methodology' | 'field' | 'content' | 'citations'
  >,
): Promise<typeof papers.$inferSelect | undefined> {
  const [row] = await db
    .update(papers)
    .set({ ...values, status: 'active', updatedAt: new Date() })
    .where(and(eq(papers.id, id), eq(papers.status, 'draft')))
    .returning();
  return row;
}

/** Removes the owner's draft; a finalized paper is never removed here. Its jobs go with it. */
export async function deleteDraftPaper(db: Db, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(papers)
    .where(and(eq(papers.id, id), eq(papers.ownerId, ownerId), eq(papers.status, 'draft')))
    .returning({ id: papers.id });
  return rows.length > 0;
}

/**
 * Removes every owner's drafts last changed before `cutoff` that have no job of `types` in
 * `statuses`: the jobs list is the only way back to a draft, so such a draft was left behind
 * (a browser closed before a structure was asked for, or after its job failed). Its files and
 * jobs go with it. Answers how many were removed.
 */
export async function deleteUnreachableDrafts(
  db: Db,
  cutoff: Date,
  types: readonly string[],
  statuses: readonly JobStatus[],
): Promise<number> {
  const reachable = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.paperId, papers.id),
        inArray(jobs.type, [...types]),
        inArray(jobs.status, [...statuses]),
      ),
    );
  const rows = await db
    .delete(papers)
    .where(and(eq(papers.status, 'draft'), lt(papers.updatedAt, cutoff), notExists(reachable)))
    .returning({ id: papers.id });
  return rows.length;
}
