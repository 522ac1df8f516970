import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { papers } from '../db/schema';

/**
 * The unsaved title, beside the saved one; it never touches updated_at or history. (Unsaved
 * content is the live document's, src/server/collaboration.) The paper is one the policy let
 * the caller edit.
 */
export async function writeAutosaveTitle(db: Db, paperId: string, title: string): Promise<void> {
  await db
    .update(papers)
    .set({ autosaveTitle: title, autosavedAt: new Date() })
    .where(eq(papers.id, paperId));
}

export async function clearAutosave(db: Db, paperId: string): Promise<void> {
  await db
    .update(papers)
    .set({ autosaveTitle: null, autosaveContent: null, autosavedAt: null })
    .where(eq(papers.id, paperId));
}
