import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';

/** What a queued message carries: the job row's id, and the keys the scheduler shares by. */
export interface QueueMessage {
  jobId: string;
  /** The job's owner: one user may hold at most `perUser` of a type's running jobs. */
  ownerId?: string | null;
  /** At most one running job per lane (an analysis conversation): its steps run in order. */
  lane?: string | null;
}

export interface TakenJob {
  id: string;
  data: QueueMessage;
  retryCount: number;
  retryLimit: number;
}

/**
 * Takes the next job of `name` fairly instead of first-come (issue 31.4): among the waiting
 * jobs whose lane has no running job and whose owner runs fewer than `perUser` jobs of this
 * type, the owner running the fewest goes first, then the oldest. It marks the job active the
 * way pg-boss's own fetch does (retry count, started_on), so pg-boss's expiry, retries and
 * completion keep working on it. Running jobs are counted in the database, so the shares hold
 * across processes; an advisory lock serializes the takes of one type so two processes cannot
 * both see a free share and take it.
 */
export async function takeFairJob(db: Db, name: string, perUser: number): Promise<TakenJob | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`scriptor-take:${name}`}))`);
    const result = await tx.execute(sql`
      WITH running AS (
        SELECT data->>'ownerId' AS owner, data->>'lane' AS lane
          FROM pgboss.job
         WHERE name = ${name} AND state = 'active'
      ), owners AS (
        SELECT owner, count(*) AS jobs FROM running WHERE owner IS NOT NULL GROUP BY owner
      ), next AS (
        SELECT waiting.id
          FROM pgboss.job AS waiting
          LEFT JOIN owners ON owners.owner = waiting.data->>'ownerId'
         WHERE waiting.name = ${name}
           AND waiting.state < 'active'
           AND waiting.start_after < now()
           AND COALESCE(owners.jobs, 0) < ${perUser}
           AND NOT EXISTS (
             SELECT 1 FROM running WHERE running.lane = waiting.data->>'lane'
           )
         ORDER BY COALESCE(owners.jobs, 0), waiting.priority DESC, waiting.created_on, waiting.id
         LIMIT 1
         FOR UPDATE OF waiting SKIP LOCKED
      )
      UPDATE pgboss.job AS taken
         SET state = 'active',
             started_on = now(),
             retry_count = CASE WHEN taken.started_on IS NOT NULL THEN taken.retry_count + 1 ELSE taken.retry_count END
        FROM next
       WHERE taken.name = ${name} AND taken.id = next.id
   RETURNING taken.id, taken.data, taken.retry_count, taken.retry_limit`);
    const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    if (!row) return null;
    return {
      id: String(row.id),
      data: row.data as QueueMessage,
      retryCount: Number(row.retry_count),
      retryLimit: Number(row.retry_limit),
    };
  });
}
