import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { paperHistory } from '../db/schema';

export type HistoryRow = typeof paperHistory.$inferSelect;

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

/** Sets the content a version keeps (a restore's, once it knows what the live change replaced). */
export async function reviseVersionContent(
  db: Db,
  paperId: string,
  versionNumber: number,
  content: string,
): Promise<void> {
  await db
    .update(paperHistory)
    .set({ content })
    .where(and(eq(paperHistory.paperId, paperId), eq(paperHistory.versionNumber, versionNumber)));
}
