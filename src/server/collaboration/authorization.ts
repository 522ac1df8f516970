import { and, eq } from 'drizzle-orm';
import type { CurrentUser } from '../auth/current-user';
import type { Db } from '../db/database';
import { papers } from '../db/schema';

/**
 * The one rule of who may edit a paper's live document, asked when a client connects and
 * before each of its messages. Today: its owner. Sharing replaces this body with the policy
 * module's `authorize(user, 'edit', paper)`; nothing else in the live document decides access.
 */
export async function mayEditLiveDocument(
  db: Db,
  user: CurrentUser,
  paperId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: papers.id })
    .from(papers)
    .where(and(eq(papers.id, paperId), eq(papers.ownerId, user.id)));
  return rows.length > 0;
}
