import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { papers } from '../db/schema';

/**
 * Autosave writes beside the saved version; it never touches updated_at or history. The
 * paper is one the policy let the caller edit.
 */
export async function writeAutosave(
  db: Db,
  paperId: string,
  draft: { title: string; content: string },
): Promise<void> {
  await db
    .update(papers)
    .set({ autosaveTitle: draft.title, autosaveContent: draft.content, autosavedAt: new Date() })
    .where(eq(papers.id, paperId));
}

export async function clearAutosave(db: Db, paperId: string): Promise<void> {
  await db
    .update(papers)
    .set({ autosaveTitle: null, autosaveContent: null, autosavedAt: null })
    .where(eq(papers.id, paperId));
}
