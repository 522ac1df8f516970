import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { papers } from './papers';

/** Raw bytes; node-postgres answers a Buffer and PGlite a Uint8Array, both Uint8Arrays. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * A file uploaded to a paper (spec 000 §3 'stored file record'). `contents` is markdown in the
 * document module's conventions (the original product stored HTML; see docs/uploads.md), and
 * the original bytes are kept so a file can be converted again when a converter improves.
 */
export const paperFiles = pgTable(
  'paper_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    goal: text('goal').notNull(),
    original: bytea('original').notNull(),
    originalSize: integer('original_size').notNull(),
    contents: text('contents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('paper_files_paper_idx').on(table.paperId, table.createdAt)],
);
