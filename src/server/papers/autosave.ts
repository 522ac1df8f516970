import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { papers } from '../db/schema';

/**
 * The unsaved title, beside the saved one; it never touches updated_at or history. (Unsaved
 * content is the live document's, src/server/collaboration.)
 */
export async function writeAutosaveTitle(
  db: Db,
  ownerId: string,
  paperId: string,
  title: string,
): Promise<boolean> {
  const rows = await db
    .update(papers)
    .set({ autosaveTitle: title, autosavedAt: new Date() })
    .where(and(eq(papers.id, paperId), eq(papers.ownerId, ownerId)))
    .returning({ id: papers.id });
  return rows.length > 0;
}

export async function clearAutosave(db: Db, ownerId: string, paperId: string): Promise<boolean> {
  const rows = await db
    .update(papers)
    .set({ autosaveTitle: null, autosaveContent: null, autosavedAt: null })
    .where(and(eq(papers.id, paperId), eq(papers.ownerId, ownerId)))
    .returning({ id: papers.id });
  return rows.length > 0;
}
