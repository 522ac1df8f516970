import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * A paper is one markdown document (the spec's conventions) plus its metadata. `citations`
 * keeps a snapshot of every cited work so the document renders even if the literature store
 * changes; the autosave columns hold unsaved edits apart from the saved version so the
 * compare dialog can offer both.
 */
export const papers = pgTable(
  'papers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    type: text('type').notNull().default('empty'),
    description: text('description').notNull().default(''),
    methodology: text('methodology').notNull().default(''),
    field: text('field').notNull().default(''),
    // The live document's markdown (src/server/collaboration), kept current as people type.
    content: text('content').notNull().default(''),
    // The content as of the last Save, when it differs from `content`; null: they are the same
    // (every paper before the live document). 'Unsaved changes' is content ≠ saved content.
    savedContent: text('saved_content'),
    citations: jsonb('citations')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    language: text('language').notNull().default('en'),
    // A CSL style id of src/shared/citations/citation-styles.ts; exports and reference lists use it.
    citationStyle: text('citation_style').notNull().default('apa'),
    // 'draft' papers are the wizard's temporary papers; only 'active' ones are listed.
    status: text('status').notNull().default('active'),
    // The number of the newest version in paper_history. A save numbers the version it keeps
    // from the row it locked, which is the newest even when it waited for another save;
    // papers saved before this column existed start at 0 (savePaper also reads the history).
    lastVersionNumber: integer('last_version_number').notNull().default(0),
    autosaveTitle: text('autosave_title'),
    autosaveContent: text('autosave_content'),
    autosavedAt: timestamp('autosaved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('papers_owner_updated_idx').on(table.ownerId, table.updatedAt)],
);
