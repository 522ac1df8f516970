import { and, asc, desc, eq, exists, gte, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { chatMessages, conversations, jobs } from '../../db/schema';

export type ConversationRow = typeof conversations.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Every read is scoped by owner: another user's conversation simply does not exist. */
export async function findOwnedConversation(
  db: Db,
  ownerId: string,
  id: string,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.ownerId, ownerId)));
  return row;
}

export async function createConversation(
  db: Db,
  ownerId: string,
  title: string,
): Promise<ConversationRow> {
  const [row] = await db.insert(conversations).values({ ownerId, title }).returning();
  if (!row) throw new Error('Conversation insert returned no row');
  return row;
}

/** Newest first; `search` matches the title or any message, case-insensitively. */
export async function listOwnedConversations(db: Db, ownerId: string, search?: string) {
  const conditions = [eq(conversations.ownerId, ownerId)];
  const query = search?.trim();
  if (query) {
    const pattern = `%${escapeLike(query)}%`;
    const match = or(
      ilike(conversations.title, pattern),
      exists(
        db
          .select({ one: sql`1` })
          .from(chatMessages)
          .where(
            and(
              eq(chatMessages.conversationId, conversations.id),
              ilike(chatMessages.content, pattern),
            ),
          ),
      ),
    );
    if (match) conditions.push(match);
  }
  return db
    .select({
      id: conversations.id,
      title: conversations.title,
      updatedAt: conversations.updatedAt,
    })
    .from(conversations)
    .where(and(...conditions))
    .orderBy(desc(conversations.updatedAt))
    .limit(200);
}

export async function deleteOwnedConversation(
  db: Db,
  ownerId: string,
  id: string,
): Promise<boolean> {
  const deleted = await db
    .delete(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.ownerId, ownerId)))
    .returning({ id: conversations.id });
  return deleted.length > 0;
}

export async function touchConversation(db: Db, ownerId: string, id: string): Promise<void> {
  await db
    .update(conversations)
    .set({ updatedAt: new Date() })
    .where(and(eq(conversations.id, id), eq(conversations.ownerId, ownerId)));
}

/** The conversation's messages in order (the caller has found the conversation the owner's). */
export async function listMessages(
  db: Db,
  ownerId: string,
  conversationId: string,
): Promise<ChatMessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.ownerId, ownerId)))
    .orderBy(asc(chatMessages.seq));
}

export async function insertMessage(
  db: Db,
  values: {
    ownerId: string;
    conversationId: string;
    role: 'user' | 'assistant';
    content: string;
    htmlContent?: string | null;
    metadata?: Record<string, unknown> | null;
    jobId?: string | null;
  },
): Promise<ChatMessageRow> {
  const [row] = await db.insert(chatMessages).values(values).returning();
  if (!row) throw new Error('Message insert returned no row');
  return row;
}

/**
 * Suggested actions (002 §3 Message.actions) kept on the conversation's latest answer, so that
 * they are offered again when the conversation is reopened. False when the conversation has no
 * answer yet.
 */
export async function storeSuggestedActions(
  db: Db,
  ownerId: string,
  conversationId: string,
  actions: readonly unknown[],
): Promise<boolean> {
  const [latest] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.ownerId, ownerId),
        eq(chatMessages.role, 'assistant'),
      ),
    )
    .orderBy(desc(chatMessages.seq))
    .limit(1);
  if (!latest) return false;
  await db
    .update(chatMessages)
    .set({ actions: [...actions] })
    .where(eq(chatMessages.id, latest.id));
  return true;
}

/** The answer a chat job stored, if it got that far before a crash. */
export async function findMessageOfJob(
  db: Db,
  ownerId: string,
  jobId: string,
): Promise<ChatMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.jobId, jobId), eq(chatMessages.ownerId, ownerId)));
  return row;
}

/**
 * Editing a sent message (002 §4): that message and everything after it go; false when the
 * message is not in the owner's conversation.
 */
export async function truncateFromMessage(
  db: Db,
  ownerId: string,
  conversationId: string,
  messageId: string,
): Promise<boolean> {
  const [from] = await db
    .select({ seq: chatMessages.seq })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.id, messageId),
        eq(chatMessages.conversationId, conversationId),
        eq(chatMessages.ownerId, ownerId),
      ),
    );
  if (!from) return false;
  await db
    .delete(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), gte(chatMessages.seq, from.seq)));
  return true;
}

/** The chat job still running for a conversation, so a reopened chat resumes polling it. */
export async function findActiveChatJob(
  db: Db,
  ownerId: string,
  jobType: string,
  conversationId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.ownerId, ownerId),
        eq(jobs.type, jobType),
        inArray(jobs.status, ['pending', 'processing']),
        sql`${jobs.input}->>'conversationId' = ${conversationId}`,
      ),
    )
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  return row?.id ?? null;
}
