import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { papers } from '../db/schema';

/** Autosave writes beside the saved version; it never touches updated_at or history. */
export async function writeAutosave(
  db: Db,
  ownerId: string,
  paperId: string,
  draft: { title: string; content: string },
): Promise<boolean> {
  const rows = await db
    .update(papers)
    .set({ autosaveTitle: draft.title, autosaveContent: draft.content, autosavedAt: new Date() })
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
