import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { paperHistory, papers } from '../db/schema';

export type HistoryRow = typeof paperHistory.$inferSelect;

/**
 * Records the paper as it is stored now as the next version number of its history. The row is
 * copied inside the database: a long paper's text is neither sent nor read back.
 */
export async function recordVersion(
  db: Db,
  paperId: string,
  meta: { createdByName: string; comment: string },
): Promise<void> {
  // insert … select takes every column of the table, in the table's order.
  await db.insert(paperHistory).select(
    db
      .select({
        id: sql<string>`gen_random_uuid()`.as('id'),
        paperId: papers.id,
        // Qualified by hand: Drizzle leaves a single table's columns bare, and a bare "id"
        // inside the subquery would be the history row's.
        versionNumber:
          sql<number>`coalesce((select max(h.version_number) from paper_history h where h.paper_id = papers.id), 0) + 1`.as(
            'version_number',
          ),
        createdAt: sql<Date>`now()`.as('created_at'),
        createdByName: sql<string>`${meta.createdByName}::text`.as('created_by_name'),
        comment: sql<string>`${meta.comment}::text`.as('comment'),
        title: papers.title,
        type: papers.type,
        description: papers.description,
        methodology: papers.methodology,
        field: papers.field,
        content: papers.content,
        citations: sql<
          unknown[]
        >`case when jsonb_typeof(${papers.citations}) = 'array' then ${papers.citations} else '[]'::jsonb end`.as(
          'citations',
        ),
      })
      .from(papers)
      .where(eq(papers.id, paperId)),
  );
}

export async function listVersions(db: Db, paperId: string): Promise<HistoryRow[]> {
  return db
    .select()
    .from(paperHistory)
    .where(eq(paperHistory.paperId, paperId))
    .orderBy(desc(paperHistory.versionNumber));
}

export async function findVersion(db: Db, paperId: string, historyId: string) {
  const [row] = await db
    .select()
    .from(paperHistory)
    .where(and(eq(paperHistory.paperId, paperId), eq(paperHistory.id, historyId)));
  return row;
}
