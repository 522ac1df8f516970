import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { papers } from './papers';

/**
 * Saved versions of a paper. A row is written whenever a save (or a restore) overwrites the
 * paper, holding the state being replaced, so the paper row is always the newest version and
 * the history is everything before it.
 */
export const paperHistory = pgTable(
  'paper_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    versionNumber: integer('version_number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdByName: text('created_by_name').notNull().default(''),
    comment: text('comment').notNull().default(''),
    title: text('title').notNull(),
    type: text('type').notNull(),
    description: text('description').notNull(),
    methodology: text('methodology').notNull(),
    field: text('field').notNull(),
    content: text('content').notNull(),
    citations: jsonb('citations')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  // The unique constraint's index also serves a paper's history, newest first; a second index
  // on the same columns only made every save write one more index entry.
  (table) => [unique('paper_history_version_unique').on(table.paperId, table.versionNumber)],
);
