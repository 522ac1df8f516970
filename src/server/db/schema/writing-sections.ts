import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { jobs } from './jobs';

export const WRITING_SECTION_STATUSES = ['pending', 'writing', 'completed', 'failed'] as const;
export type WritingSectionStatus = (typeof WRITING_SECTION_STATUSES)[number];

/**
 * The checkpoints of an AI Writing Process job (001 §3 'Writing job'): one row per chosen
 * section, at its place in the writing order. A finished section's text is stored here as soon
 * as it is written, so a restarted job continues at the first unfinished one.
 */
export const writingSections = pgTable(
  'writing_sections',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /**
     * The section's index in `splitSections` of the paper (display numbers repeat under each
     * level-1 heading, so the number alone does not identify it). -1 on rows written before
     * the column existed: the job then finds the section by its title.
     */
    sectionIndex: integer('section_index').notNull().default(-1),
    sectionNumber: text('section_number').notNull(),
    sectionTitle: text('section_title').notNull(),
    sectionLevel: integer('section_level').notNull(),
    customInstructions: jsonb('custom_instructions').$type<{
      instructions: string;
      systemPrompt: string;
    } | null>(),
    /**
     * The section's body (markdown) when the job began: what the written text may replace when
     * it is saved. Text anyone added or changed since stays (`shared/ai/section-merge`).
     */
    baseContent: text('base_content').notNull().default(''),
    status: text('status').$type<WritingSectionStatus>().notNull().default('pending'),
    content: text('content').notNull().default(''),
    citations: jsonb('citations')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The sentences whose citations are weak or were removed (SentenceFlag[]), to check. */
    flags: jsonb('flags')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Why a failed section failed, for its row in the modal (e.g. the balance message). */
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.position] })],
);
