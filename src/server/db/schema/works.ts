import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './auth';

/** Bumped on every insert or change of a work, so search indexes can catch up incrementally. */
export const worksChangeSeq = pgSequence('works_change_seq');

/**
 * The literature store: every article Scriptor can cite (spec 000 §3, 002 §3). Citations may
 * only point at rows here. Columns mirror the shared `Work` type one to one. A row without an
 * owner is the shared library (corpus and providers' data, read-only to users); a row with one
 * is a user's own import, visible to that user only (docs/literature-ownership.md).
 */
export const works = pgTable(
  'works',
  {
    refId: text('ref_id').primaryKey(),
    // A small integer key for the in-memory search index, which stores documents by number.
    docId: integer('doc_id').generatedAlwaysAsIdentity().unique(),
    // Unique within the shared library and within each user's own works (indexes below).
    dedupeKey: text('dedupe_key').notNull(),
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'cascade' }),
    sourceId: text('source_id').notNull(),
    doi: text('doi'),
    title: text('title').notNull(),
    type: text('type').notNull().default('other'),
    authors: jsonb('authors')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    publishedYear: integer('published_year'),
    publishedMonth: integer('published_month'),
    publishedDay: integer('published_day'),
    containerTitle: text('container_title'),
    source: text('source'),
    volume: text('volume'),
    issue: text('issue'),
    page: text('page'),
    publisher: text('publisher'),
    abstract: text('abstract'),
    hyperlink: text('hyperlink'),
    url: text('url'),
    subjects: jsonb('subjects')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isReferencedByCount: integer('is_referenced_by_count'),
    issn: jsonb('issn')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isbn: jsonb('isbn')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    pdf: text('pdf'),
    /** Where the record entered the store: 'corpus', 'openalex', 'import', ... */
    origin: text('origin').notNull(),
    changeSeq: bigint('change_seq', { mode: 'number' })
      .notNull()
      .default(sql`nextval('works_change_seq')`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('works_shared_dedupe_key_idx')
      .on(table.dedupeKey)
      .where(sql`${table.ownerId} is null`),
    uniqueIndex('works_owned_dedupe_key_idx')
      .on(table.ownerId, table.dedupeKey)
      .where(sql`${table.ownerId} is not null`),
    index('works_doi_idx').on(table.doi),
    index('works_change_seq_idx').on(table.changeSeq),
  ],
);
