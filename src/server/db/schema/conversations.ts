import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { jobs } from './jobs';

/** A research-chat conversation (002 §3): its title comes from the first question. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('conversations_owner_updated_idx').on(table.ownerId, table.updatedAt)],
);

export const CHAT_ROLES = ['user', 'assistant'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/**
 * One message of a conversation (002 §3 'Message'), in `seq` order. An assistant message names
 * the chat job that wrote it (unique), so a job resumed after a crash finds its answer stored
 * instead of writing a second one.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').$type<ChatRole>().notNull(),
    content: text('content').notNull(),
    htmlContent: text('html_content'),
    /** {intent, papersCount, papers} for an answer. */
    metadata: jsonb('metadata').$type<Record<string, unknown> | null>(),
    actions: jsonb('actions').$type<unknown[] | null>(),
    jobId: uuid('job_id')
      .unique()
      .references(() => jobs.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_messages_conversation_seq_idx').on(table.conversationId, table.seq)],
);
