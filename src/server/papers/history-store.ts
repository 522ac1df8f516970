import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { paperHistory } from '../db/schema';
import type { PaperRow } from './paper-store';

export type HistoryRow = typeof paperHistory.$inferSelect;

/** Records `paper` as it is now as the next version number of its history. */
export async function recordVersion(
  db: Db,
  paper: PaperRow,
  meta: { createdByName: string; comment: string },
): Promise<HistoryRow> {
  const [next] = await db
    .select({ version: sql<number>`coalesce(max(${paperHistory.versionNumber}), 0) + 1` })
    .from(paperHistory)
    .where(eq(paperHistory.paperId, paper.id));
  const [row] = await db
    .insert(paperHistory)
    .values({
      paperId: paper.id,
      versionNumber: Number(next?.version ?? 1),
      createdByName: meta.createdByName,
      comment: meta.comment,
      title: paper.title,
      type: paper.type,
      description: paper.description,
      methodology: paper.methodology,
      field: paper.field,
      content: paper.content,
      citations: Array.isArray(paper.citations) ? paper.citations : [],
    })
    .returning();
  if (!row) throw new Error('History insert returned no row');
  return row;
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
