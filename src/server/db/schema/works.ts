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
} from 'drizzle-orm/pg-core';

/** Bumped on every insert or change of a work, so search indexes can catch up incrementally. */
export const worksChangeSeq = pgSequence('works_change_seq');

/**
 * The literature store: every article Scriptor can cite (spec 000 §3, 002 §3). Citations may
 * only point at rows here. Columns mirror the shared `Work` type one to one.
 */
export const works = pgTable(
  'works',
  {
    refId: text('ref_id').primaryKey(),
    // A small integer key for the in-memory search index, which stores documents by number.
    docId: integer('doc_id').generatedAlwaysAsIdentity().unique(),
    dedupeKey: text('dedupe_key').notNull().unique(),
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
    index('works_doi_idx').on(table.doi),
    index('works_change_seq_idx').on(table.changeSeq),
  ],
);
