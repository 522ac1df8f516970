import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/database';
import { commentReplies, commentThreads } from '../db/schema';

export type ThreadRow = typeof commentThreads.$inferSelect;
export type ReplyRow = typeof commentReplies.$inferSelect;

/** A paper's comment threads, oldest first, each with its replies in order. */
export async function listThreads(db: Db, paperId: string) {
  const threads = await db
    .select()
    .from(commentThreads)
    .where(eq(commentThreads.paperId, paperId))
    .orderBy(asc(commentThreads.createdAt), asc(commentThreads.id));
  const replies =
    threads.length === 0
      ? []
      : await db
          .select()
          .from(commentReplies)
          .where(
            inArray(
              commentReplies.threadId,
              threads.map((thread) => thread.id),
            ),
          )
          .orderBy(asc(commentReplies.createdAt), asc(commentReplies.id));
  return threads.map((thread) => ({
    ...thread,
    replies: replies.filter((reply) => reply.threadId === thread.id),
  }));
}

export async function insertThread(
  db: Db,
  values: { paperId: string; anchor: string; authorId: string; authorName: string },
): Promise<ThreadRow> {
  const [row] = await db.insert(commentThreads).values(values).returning();
  if (!row) throw new Error('Thread insert returned no row');
  return row;
}

export async function updateThread(
  db: Db,
  paperId: string,
  threadId: string,
  changes: Partial<Pick<ThreadRow, 'anchor' | 'resolvedAt' | 'resolvedByName'>>,
): Promise<ThreadRow | undefined> {
  const [row] = await db
    .update(commentThreads)
    .set(changes)
    .where(and(eq(commentThreads.id, threadId), eq(commentThreads.paperId, paperId)))
    .returning();
  return row;
}

export async function deleteThread(db: Db, paperId: string, threadId: string): Promise<boolean> {
  const rows = await db
    .delete(commentThreads)
    .where(and(eq(commentThreads.id, threadId), eq(commentThreads.paperId, paperId)))
    .returning({ id: commentThreads.id });
  return rows.length > 0;
}

export async function insertReply(
  db: Db,
  values: { threadId: string; authorId: string; authorName: string; body: string },
): Promise<ReplyRow> {
  const [row] = await db.insert(commentReplies).values(values).returning();
  if (!row) throw new Error('Reply insert returned no row');
  return row;
}

/** The notes of a paper's resolved threads: exports leave those comments out. */
export async function resolvedAnchors(db: Db, paperId: string): Promise<string[]> {
  const rows = await db
    .select({ anchor: commentThreads.anchor })
    .from(commentThreads)
    .where(and(eq(commentThreads.paperId, paperId), isNotNull(commentThreads.resolvedAt)));
  return rows.map((row) => row.anchor);
}
