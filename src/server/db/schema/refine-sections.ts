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

export const REFINE_SECTION_STATUSES = ['pending', 'refining', 'completed', 'failed'] as const;
export type RefineSectionStatus = (typeof REFINE_SECTION_STATUSES)[number];

/**
 * The checkpoints of a structure refinement job (001 §3 'Refine job', docs/structure.md): one
 * row per heading of the structure, in document order. A refined section's subsections are
 * stored here as soon as they are proposed, so a restarted job continues at the first section
 * that is not refined yet and never asks (or charges) for a finished one again. Headings that
 * are not refined (a ##### cannot go deeper) are stored `completed` with no subsections.
 */
export const refineSections = pgTable(
  'refine_sections',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    level: integer('level').notNull(),
    title: text('title').notNull(),
    purpose: text('purpose').notNull().default(''),
    /** The works the structure attached to the heading (SectionWork[]). */
    works: jsonb('works')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** False for headings kept as they are (not counted, not charged). */
    refinable: boolean('refinable').notNull().default(true),
    status: text('status').$type<RefineSectionStatus>().notNull().default('pending'),
    /** The proposed subsections (StructureSection[]) once refined. */
    subsections: jsonb('subsections')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.position] })],
);
