import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { jobs, type JobStatus } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;

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

export async function findOwnedJob(db: Db, ownerId: string, id: string) {
  const [row] = await db
    .select()
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
    .select()
    .from(jobs)
    .where(and(...conditions))
    .orderBy(desc(jobs.createdAt))
    .limit(100);
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
