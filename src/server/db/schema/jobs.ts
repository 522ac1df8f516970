import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { papers } from './papers';

export const JOB_STATUSES = ['pending', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * The user-visible record of a background job. pg-boss owns delivery and retries in its own
 * schema; this row is what the API polls (status, progress, result), so features never read
 * pg-boss internals and a job's history outlives the queue's retention.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    // Null for system work such as loading the bundled corpus; users only ever see their own.
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'cascade' }),
    paperId: uuid('paper_id').references(() => papers.id, { onDelete: 'cascade' }),
    status: text('status').$type<JobStatus>().notNull().default('pending'),
    input: jsonb('input').$type<unknown>().notNull(),
    progress: jsonb('progress').$type<unknown>(),
    result: jsonb('result').$type<unknown>(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_owner_created_idx').on(table.ownerId, table.createdAt),
    index('jobs_paper_idx').on(table.paperId),
    // One running Rewrite Paper and one running AI Writing Process per paper (002 §7, 001 §7's
    // /scaffolded-writing/active), held by the database: starts sent at the same instant all pass
    // the route's check, and only one of them may insert its job. The types are the queue's
    // PAPER_REWRITE_JOB and SCAFFOLDED_WRITING_JOB.
    uniqueIndex('jobs_one_running_per_paper_idx')
      .on(table.paperId, table.type)
      .where(
        sql`${table.type} in ('paper-rewrite', 'scaffolded-writing') and ${table.status} in ('pending', 'processing')`,
      ),
  ],
);
