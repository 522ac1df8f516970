import {
  bigserial,
  customType,
  index,
  integer,
  pgTable,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { papers } from './papers';

/** Raw bytes; node-postgres answers a Buffer and PGlite a Uint8Array, both Uint8Arrays. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * A paper's live document (src/server/collaboration): its Yjs state, compacted. A paper without
 * a row has never been opened as a live document; its first opening makes one from
 * papers.content. The markdown serialization stays in papers.content, written with the state.
 */
export const paperDocuments = pgTable('paper_documents', {
  paperId: uuid('paper_id')
    .primaryKey()
    .references(() => papers.id, { onDelete: 'cascade' }),
  state: bytea('state').notNull(),
  schemaVersion: integer('schema_version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Updates received since the state was last compacted, each written before the client is told
 * it is stored; compaction merges them into paper_documents.state and deletes them.
 */
export const paperDocumentUpdates = pgTable(
  'paper_document_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paperId: uuid('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    update: bytea('update').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('paper_document_updates_paper_idx').on(table.paperId, table.id)],
);
