import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DataSheet } from '../../../shared/analysis/data-file';
import type { NotebookCell } from '../../../shared/analysis/notebook';
import { user } from './auth';
import { jobs } from './jobs';
import { papers } from './papers';

/** Raw bytes; node-postgres answers a Buffer and PGlite a Uint8Array, both Uint8Arrays. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * A spreadsheet uploaded for data analysis (spec 002 §3 Data file), private to its owner. The
 * original bytes are what the kernel reads; `sheets` (names, row counts, column types and
 * missing values) is read once at upload so prompts describe the table without sending it.
 */
export const dataFiles = pgTable(
  'data_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    format: text('format').$type<'csv' | 'xlsx' | 'xls'>().notNull(),
    original: bytea('original').notNull(),
    originalSize: integer('original_size').notNull(),
    sheets: jsonb('sheets').$type<DataSheet[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('data_files_owner_idx').on(table.ownerId, table.createdAt)],
);

/**
 * One step of a data-analysis conversation: the question and its notebook cells, checkpointed
 * as each cell runs so a resumed job goes on where it stopped. Its id is the queue job's id
 * (the spec's stepId). `paperId` is set when its result was inserted into a paper, so the
 * figure there can be traced to the code that made it.
 */
export const dataAnalysisSteps = pgTable(
  'data_analysis_steps',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    conversationId: text('conversation_id').notNull(),
    fileId: uuid('file_id').references(() => dataFiles.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    automatic: boolean('automatic').notNull().default(false),
    /** The planning stage's checkpoint: the plan in words and the code cells to run. */
    plan: jsonb('plan').$type<{ markdown: string; code: string[] }>(),
    cells: jsonb('cells').$type<NotebookCell[]>().notNull().default([]),
    /** What the POST streams: the plan, each cell's outcome, the report. */
    text: text('text').notNull().default(''),
    report: text('report'),
    /**
     * The cell being run ('<plan index>:<attempt>') and how many times a run of it began: set
     * before the cell runs and cleared with its checkpoint, so a cell that took the server down
     * is known at the next start and not run a third time (run-analysis-step.ts).
     */
    inFlight: jsonb('in_flight').$type<{ cell: string; starts: number }>(),
    paperId: uuid('paper_id').references(() => papers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('data_analysis_steps_conversation_idx').on(
      table.ownerId,
      table.conversationId,
      table.createdAt,
    ),
    index('data_analysis_steps_paper_idx').on(table.paperId),
  ],
);
