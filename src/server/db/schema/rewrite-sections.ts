import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { jobs } from './jobs';

/** 001 §4 'Rewrite tree section status', plus `failed` for a section the engine could not rewrite. */
export const REWRITE_SECTION_STATUSES = [
  'not_started',
  'processing',
  'completed',
  'failed',
] as const;
export type RewriteSectionStatus = (typeof REWRITE_SECTION_STATUSES)[number];

/** 001 §3 'Task' type. */
export const REWRITE_TASK_TYPES = ['rewrite_enrich', 'rewrite_custom'] as const;
export type RewriteTaskType = (typeof REWRITE_TASK_TYPES)[number];

/**
 * The checkpoints of a Rewrite Paper job: one row per section to rewrite, in document order.
 * The original body is kept so the result is applied to the section it was made from; a
 * rewritten section's text is stored as soon as it is finished, so a restarted job continues
 * at the first unfinished one.
 */
export const rewriteSections = pgTable(
  'rewrite_sections',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The section's index in splitSections(paper content) when the job started. */
    sectionIndex: integer('section_index').notNull(),
    sectionNumber: text('section_number').notNull(),
    sectionTitle: text('section_title').notNull(),
    sectionLevel: integer('section_level').notNull(),
    originalContent: text('original_content').notNull(),
    taskType: text('task_type').$type<RewriteTaskType>().notNull(),
    customInstructions: text('custom_instructions').notNull().default(''),
    enableLiteratureSearch: boolean('enable_literature_search').notNull().default(true),
    status: text('status').$type<RewriteSectionStatus>().notNull().default('not_started'),
    content: text('content').notNull().default(''),
    citations: jsonb('citations')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Citations the engine removed because they named works outside the evidence. */
    removedCitations: integer('removed_citations').notNull().default(0),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.position] })],
);
