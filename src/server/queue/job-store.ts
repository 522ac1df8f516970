import { and, desc, eq, getTableColumns, ne } from 'drizzle-orm';
import type { Db } from '../db/database';
import { jobs, type JobStatus } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;

/** Waiting for a worker or being worked on: not yet completed, failed or cancelled. */
export const isRunning = (job: { status: string }) =>
  job.status === 'pending' || job.status === 'processing';

export async function insertJob(
  db: Db,
  values: { type: string; ownerId: string | null; paperId: string | null; input: unknown },
): Promise<JobRow> {
  const [row] = await db.insert(jobs).values(values).returning();
  if (!row) throw new Error('Job insert returned no row');
  return row;
}

export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

// What the status API reads: everything but the input, which can be megabytes (an imported
// reference file) and is polled every second.
const { input: _input, ...statusColumns } = getTableColumns(jobs);

export async function findOwnedJob(db: Db, ownerId: string, id: string) {
  const [row] = await db
    .select(statusColumns)
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.ownerId, ownerId)));
  return row;
}

export async function listOwnedJobs(
  db: Db,
  ownerId: string,
  filter: { paperId?: string | undefined; type?: string | undefined },
) {
  const conditions = [eq(jobs.ownerId, ownerId)];
  if (filter.paperId) conditions.push(eq(jobs.paperId, filter.paperId));
  if (filter.type) conditions.push(eq(jobs.type, filter.type));
  return db
    .select(statusColumns)
    .from(jobs)
    .where(and(...conditions))
    .orderBy(desc(jobs.createdAt))
    .limit(100);
}

/** Deletes the user's job row (and what hangs off it, such as writing checkpoints). */
export async function deleteOwnedJob(db: Db, ownerId: string, id: string): Promise<void> {
  await db.delete(jobs).where(and(eq(jobs.id, id), eq(jobs.ownerId, ownerId)));
}

/** A running job's sign of life: bumps updated_at only. */
export async function touchJob(db: Db, id: string): Promise<void> {
  await db.update(jobs).set({ updatedAt: new Date() }).where(eq(jobs.id, id));
}

export async function updateJob(
  db: Db,
  id: string,
  changes: Partial<{
    status: JobStatus;
    progress: unknown;
    result: unknown;
    error: string | null;
    attempts: number;
    startedAt: Date;
    finishedAt: Date | null;
  }>,
): Promise<void> {
  await db
    .update(jobs)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(jobs.id, id));
}

/**
 * Like `updateJob`, but leaves a cancelled job as it is: a worker's writes must never bring a
 * job back after the user cancelled it. Answers whether the row was changed.
 */
export async function updateJobUnlessCancelled(
  db: Db,
  id: string,
  changes: Parameters<typeof updateJob>[2],
): Promise<boolean> {
  const changed = await db
    .update(jobs)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(jobs.id, id), ne(jobs.status, 'cancelled')))
    .returning({ id: jobs.id });
  return changed.length > 0;
}
