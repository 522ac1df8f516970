import { and, asc, eq, sql } from 'drizzle-orm';
import type { NotebookCell } from '../../../shared/analysis/notebook';
import type { Db } from '../../db/database';
import { dataAnalysisSteps, jobs } from '../../db/schema';

export type StepRow = typeof dataAnalysisSteps.$inferSelect;

/** Idempotent: the route and the job's first run both make sure the row exists. */
export async function insertStep(
  db: Db,
  row: Pick<StepRow, 'id' | 'ownerId' | 'conversationId' | 'fileId' | 'question' | 'automatic'>,
): Promise<void> {
  await db.insert(dataAnalysisSteps).values(row).onConflictDoNothing();
}

/** A step with its job's status and progress; another user's step does not exist. */
export async function findOwnedStep(db: Db, ownerId: string, stepId: string) {
  const [row] = await db
    .select({
      step: dataAnalysisSteps,
      status: jobs.status,
      progress: jobs.progress,
      error: jobs.error,
    })
    .from(dataAnalysisSteps)
    .innerJoin(jobs, eq(jobs.id, dataAnalysisSteps.id))
    .where(and(eq(dataAnalysisSteps.id, stepId), eq(dataAnalysisSteps.ownerId, ownerId)));
  return row;
}

/** The conversation's steps in order, with their job status. */
export async function listConversationSteps(db: Db, ownerId: string, conversationId: string) {
  return db
    .select({
      step: dataAnalysisSteps,
      status: jobs.status,
      progress: jobs.progress,
      error: jobs.error,
    })
    .from(dataAnalysisSteps)
    .innerJoin(jobs, eq(jobs.id, dataAnalysisSteps.id))
    .where(
      and(
        eq(dataAnalysisSteps.ownerId, ownerId),
        eq(dataAnalysisSteps.conversationId, conversationId),
      ),
    )
    .orderBy(asc(dataAnalysisSteps.createdAt));
}

/** The checkpoint after each stage and cell. */
export async function updateStep(
  db: Db,
  stepId: string,
  change: Partial<Pick<StepRow, 'cells' | 'plan' | 'report' | 'text' | 'paperId' | 'inFlight'>>,
): Promise<void> {
  await db
    .update(dataAnalysisSteps)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(dataAnalysisSteps.id, stepId));
}

export async function appendStepText(db: Db, stepId: string, text: string): Promise<void> {
  await db
    .update(dataAnalysisSteps)
    .set({ text: sql`${dataAnalysisSteps.text} || ${text}`, updatedAt: new Date() })
    .where(eq(dataAnalysisSteps.id, stepId));
}

/** The cell's checkpoint; it clears the in-flight mark of the cell it records. */
export async function appendStepCell(db: Db, step: StepRow, cell: NotebookCell): Promise<void> {
  step.cells = [...step.cells, cell];
  await updateStep(db, step.id, { cells: step.cells, inFlight: step.inFlight });
}

/** The steps whose results were put into the paper: its attached notebooks. */
export async function listPaperSteps(db: Db, ownerId: string, paperId: string) {
  return db
    .select()
    .from(dataAnalysisSteps)
    .where(and(eq(dataAnalysisSteps.ownerId, ownerId), eq(dataAnalysisSteps.paperId, paperId)))
    .orderBy(asc(dataAnalysisSteps.createdAt));
}
