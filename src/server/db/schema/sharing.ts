import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { papers } from './papers';

/**
 * A person a paper was shared with, and their role (docs/sharing.md). The owner is not a row:
 * `papers.owner_id` stays the one owner, so a paper without members behaves as before.
 */
export const paperMembers = pgTable(
  'paper_members',
  {
    paperId: uuid('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    // Who added them: the owner inviting by e-mail, or the creator of the link they accepted.
    addedBy: text('added_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.paperId, table.userId] }),
    index('paper_members_user_idx').on(table.userId),
    check('paper_members_role_check', sql`${table.role} in ('editor', 'commenter', 'viewer')`),
  ],
);

/**
 * An invitation link. Only the SHA-256 of its token is stored, so the table cannot be read
 * back into working links; a link stops working when it expires, is revoked or is used up.
 */
export const paperInvitations = pgTable(
  'paper_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    role: text('role').notNull(),
    createdBy: text('created_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('paper_invitations_paper_idx').on(table.paperId, table.createdAt),
    check('paper_invitations_role_check', sql`${table.role} in ('editor', 'commenter', 'viewer')`),
  ],
);

/**
 * A comment's thread (docs/sharing.md, 'Comments'). The markdown keeps only the note, in the
 * spec's `[[note]]` form; the thread is found from it by its `anchor` (the note's text) and
 * keeps its own stable id, author, time, replies and resolution.
 */
export const commentThreads = pgTable(
  'comment_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    anchor: text('anchor').notNull(),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByName: text('resolved_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('comment_threads_paper_idx').on(table.paperId, table.createdAt)],
);

export const commentReplies = pgTable(
  'comment_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => commentThreads.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('comment_replies_thread_idx').on(table.threadId, table.createdAt)],
);
