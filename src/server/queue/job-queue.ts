import PgBoss from 'pg-boss';
import type { Database } from '../db/database';
import { takeFairJob, type QueueMessage, type TakenJob } from './fair-fetch';
import { PermanentJobError, type JobContext, type JobType } from './job-type';
import {
  findJob,
  insertJob,
  touchJob,
  updateJob,
  updateJobUnlessCancelled,
  type JobRow,
} from './job-store';

export interface JobQueueOptions {
  maintenanceSeconds: number;
  pollingSeconds?: number;
  /** Jobs of one type this process runs at once (JOB_CONCURRENCY); 4 when not given. */
  concurrency?: number;
  /**
   * Told once a job's row holds its outcome (completed, or failed for good, or cancelled), so
   * whoever waits on a job (a stream to a browser) ends at once rather than at its next poll.
   */
  settled?: (jobId: string) => Promise<void>;
  log?: (message: string, details?: Record<string, unknown>) => void;
}

export class UnknownJobTypeError extends Error {}

const DEFAULT_CONCURRENCY = 4;

/**
 * How many of a type's running jobs one user may hold: all slots but one, so another user's
 * job always finds a slot free (issue 31.4); with one slot, that slot.
 */
export function perUserShare(slots: number): number {
  return Math.max(1, slots - 1);
}

/**
 * Durable background work on pg-boss, in the same database as everything else (PGlite or
 * Postgres). The `jobs` row is written first and is the API's source of truth; the pg-boss
 * message only carries its id (and the owner and lane the scheduler shares by), so retries
 * and crashes never lose what the user asked for. Each type runs up to its number of slots at
 * once, taken fairly between users (fair-fetch.ts) rather than first-come.
 */
export class JobQueue {
  readonly #boss: PgBoss;
  readonly #types = new Map<string, JobType>();
  #started = false;
  #working = false;
  #stallCheck: NodeJS.Timeout | undefined;
  /** Wakes a type's taker at once (a job was queued or finished) instead of at its next poll. */
  readonly #wake = new Map<string, () => void>();
  readonly #running = new Set<Promise<void>>();
  readonly #takers: Promise<void>[] = [];

  constructor(
    private readonly database: Database,
    types: JobType[],
    private readonly options: JobQueueOptions,
  ) {
    for (const type of types) this.#types.set(type.name, type);
    this.#boss = new PgBoss({
      // PGlite has no socket to connect to, so pg-boss runs its SQL through our handle; on
      // Postgres it keeps a small pool of its own.
      ...(database.url
        ? { connectionString: database.url, max: 4 }
        : { db: database.executor as PgBoss.Db }),
      maintenanceIntervalSeconds: options.maintenanceSeconds,
      monitorStateIntervalSeconds: Math.max(options.maintenanceSeconds, 10),
    });
    this.#boss.on('error', (error) => this.options.log?.('queue error', { error: error.message }));
  }

  async start(): Promise<void> {
    await this.#boss.start();
    for (const type of this.#types.values()) {
      await this.#boss.createQueue(type.name, {
        name: type.name,
        retryLimit: type.retryLimit,
        retryDelay: type.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: type.expireInSeconds,
      });
    }
    if (this.database.kind === 'pglite') await this.#recoverOrphans();
    else await this.#recoverStalled();
    this.#started = true;
  }

  /**
   * On Postgres other workers may be alive, so an active job is only taken back when its row
   * has missed three heartbeats (types that beat, see JobType.heartbeatSeconds): a process
   * killed during the corpus load is retried within seconds of a restart, not at its expiry.
   */
  async #recoverStalled(): Promise<void> {
    let count = 0;
    for (const type of this.#types.values()) {
      if (type.heartbeatSeconds === undefined) continue;
      const { rows } = await this.database.executor.executeSql(
        `UPDATE pgboss.job AS queued
            SET state = CASE WHEN queued.retry_count < queued.retry_limit THEN 'retry'::pgboss.job_state ELSE 'failed'::pgboss.job_state END,
                retry_count = queued.retry_count + 1,
                start_after = now()
           FROM jobs
          WHERE queued.name = $1
            AND queued.state = 'active'
            AND jobs.id::text = queued.data->>'jobId'
            AND jobs.status = 'processing'
            AND jobs.updated_at < now() - make_interval(secs => $2)
      RETURNING queued.state, queued.data`,
        [type.name, type.heartbeatSeconds * 3],
      );
      await this.#failExhausted(rows as { state: string; data: QueueMessage }[]);
      count += rows.length;
    }
    if (count > 0) this.options.log?.('recovered stalled jobs', { count });
  }

  async #failExhausted(rows: { state: string; data: QueueMessage }[]): Promise<void> {
    for (const row of rows) {
      if (row.state !== 'failed') continue;
      // A job that keeps dying with its process must not crash-loop the server forever.
      await updateJob(this.database.db, row.data.jobId, {
        status: 'failed',
        error: 'The job was interrupted too many times',
        finishedAt: new Date(),
      });
    }
  }

  /**
   * An embedded database is open in exactly one process, so any job still marked active at
   * start-up belonged to a process that died: hand it back to the queue now rather than
   * waiting for its expiry. (On Postgres other workers may be alive; expiry decides there.)
   */
  async #recoverOrphans(): Promise<void> {
    const { rows } = await this.database.executor.executeSql(
      `UPDATE pgboss.job
          SET state = CASE WHEN retry_count < retry_limit THEN 'retry'::pgboss.job_state ELSE 'failed'::pgboss.job_state END,
              retry_count = retry_count + 1,
              start_after = now()
        WHERE state = 'active'
        RETURNING state, data`,
      [],
    );
    await this.#failExhausted(rows as { state: string; data: QueueMessage }[]);
    if (rows.length > 0) this.options.log?.('recovered interrupted jobs', { count: rows.length });
  }

  async startWorkers(): Promise<void> {
    if (!this.#started) throw new Error('Start the queue before its workers');
    const beats = [...this.#types.values()].flatMap((type) => type.heartbeatSeconds ?? []);
    if (this.database.kind === 'postgres' && beats.length > 0) {
      this.#stallCheck = setInterval(
        () => {
          this.#recoverStalled().catch((error: unknown) =>
            this.options.log?.('stalled job check failed', { error: String(error) }),
          );
        },
        Math.min(...beats) * 1000,
      );
      this.#stallCheck.unref();
    }
    this.#working = true;
    for (const type of this.#types.values()) this.#takers.push(this.#take(type));
  }

  /** The slots of `type` in this process. */
  slotsOf(type: JobType): number {
    return Math.min(
      type.maxConcurrency ?? Infinity,
      this.options.concurrency ?? DEFAULT_CONCURRENCY,
    );
  }

  /** Fills the type's free slots with fairly taken jobs, then waits for a wake-up or a poll. */
  async #take(type: JobType): Promise<void> {
    const slots = this.slotsOf(type);
    const share = perUserShare(slots);
    let running = 0;
    while (this.#working) {
      while (this.#working && running < slots) {
        const taken = await takeFairJob(this.database.db, type.name, share).catch(
          (error: unknown) => {
            this.options.log?.('taking a job failed', { type: type.name, error: String(error) });
            return null;
          },
        );
        if (!taken) break;
        running += 1;
        const run = this.#runTaken(type, taken).finally(() => {
          running -= 1;
          this.#running.delete(run);
          this.#wake.get(type.name)?.();
        });
        this.#running.add(run);
      }
      if (!this.#working) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, (this.options.pollingSeconds ?? 1) * 1000);
        this.#wake.set(type.name, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Runs a taken job and reports to pg-boss: complete, or fail (a retry when one is left). */
  async #runTaken(type: JobType, taken: TakenJob): Promise<void> {
    try {
      await this.#run(type, {
        data: taken.data,
        retryCount: taken.retryCount,
        retryLimit: taken.retryLimit,
      });
      await this.#boss.complete(type.name, taken.id);
    } catch (error) {
      await this.#boss
        .fail(type.name, taken.id, {
          message: error instanceof Error ? error.message : String(error),
        })
        .catch((cause: unknown) =>
          this.options.log?.('could not record a failed job', { error: String(cause) }),
        );
    }
  }

  async enqueue(
    typeName: string,
    request: { ownerId: string | null; paperId?: string | null; input: unknown },
  ): Promise<JobRow> {
    const type = this.#types.get(typeName);
    if (!type) throw new UnknownJobTypeError(`Unknown job type: ${typeName}`);
    const input = type.input.parse(request.input);
    const row = await insertJob(this.database.db, {
      type: type.name,
      ownerId: request.ownerId,
      paperId: request.paperId ?? null,
      input,
    });
    try {
      await this.#boss.send(type.name, {
        jobId: row.id,
        ownerId: request.ownerId,
        lane: type.lane?.(input, request.ownerId) ?? null,
      } satisfies QueueMessage);
      this.#wake.get(type.name)?.();
    } catch (error) {
      await updateJob(this.database.db, row.id, {
        status: 'failed',
        error: 'Could not queue the job',
        finishedAt: new Date(),
      });
      throw error;
    }
    return row;
  }

  /** Marks the job cancelled; a run in progress finishes but its result is discarded. */
  async cancel(jobId: string): Promise<void> {
    await updateJob(this.database.db, jobId, { status: 'cancelled', finishedAt: new Date() });
    await this.#settled(jobId);
  }

  async #run(
    type: JobType,
    message: { data: QueueMessage; retryCount: number; retryLimit: number },
  ): Promise<void> {
    const db = this.database.db;
    const row = await findJob(db, message.data.jobId);
    if (!row || row.status === 'cancelled' || row.status === 'completed') return;

    const attempt = message.retryCount + 1;
    const context: JobContext<unknown> = {
      jobId: row.id,
      ownerId: row.ownerId,
      paperId: row.paperId,
      input: row.input,
      attempt,
      db,
      reportProgress: (progress) => updateJob(db, row.id, { progress }),
      log: (text, details) => this.options.log?.(text, details),
    };
    const started = await updateJobUnlessCancelled(db, row.id, {
      status: 'processing',
      attempts: attempt,
      startedAt: new Date(),
      error: null,
    });
    if (!started) return;
    const heartbeat =
      type.heartbeatSeconds === undefined
        ? undefined
        : setInterval(
            () => void touchJob(db, row.id).catch(() => undefined),
            type.heartbeatSeconds * 1000,
          );
    try {
      const result = await type.perform(context);
      await updateJobUnlessCancelled(db, row.id, {
        status: 'completed',
        result,
        finishedAt: new Date(),
      });
      await this.#settled(row.id);
    } catch (cause) {
      const error = cause instanceof Error ? cause : new Error(String(cause));
      const permanent = error instanceof PermanentJobError;
      const willRetry = !permanent && message.retryCount < message.retryLimit;
      this.options.log?.('job attempt failed', {
        jobId: row.id,
        type: type.name,
        attempt,
        willRetry,
        error: error.message,
      });
      // A job the user cancelled while it ran stays cancelled: no retry (which would run and
      // charge it again) and no failure handling.
      const recorded = await updateJobUnlessCancelled(
        db,
        row.id,
        willRetry
          ? { status: 'pending', error: error.message }
          : { status: 'failed', error: error.message, finishedAt: new Date() },
      );
      if (!recorded) return;
      if (!willRetry) {
        await type.onFailed?.(context, error);
        await this.#settled(row.id);
      }
      // pg-boss would retry a thrown error; a permanent one ends the message here.
      if (permanent) return;
      throw error;
    } finally {
      clearInterval(heartbeat);
    }
  }

  async #settled(jobId: string): Promise<void> {
    await this.options
      .settled?.(jobId)
      .catch((error: unknown) =>
        this.options.log?.('job end not announced', { jobId, error: String(error) }),
      );
  }

  /** Stops fetching new work and waits up to `timeoutMs` for running jobs to finish. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    this.#working = false;
    clearInterval(this.#stallCheck);
    for (const wake of this.#wake.values()) wake();
    await Promise.all(this.#takers.splice(0));
    // Running jobs finish (or are left to pg-boss's expiry and the start-up recovery).
    await Promise.race([
      Promise.allSettled([...this.#running]),
      new Promise((resolve) => setTimeout(resolve, timeoutMs).unref()),
    ]);
    await new Promise<void>((resolve) => {
      this.#boss.once('stopped', () => resolve());
      void this.#boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    });
  }
}
