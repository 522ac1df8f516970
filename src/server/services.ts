import { AiEngine } from './ai/ai-engine';
import { ChatTextStreams } from './ai/chat/chat-text-streams';
import { DataAnalysis } from './analysis/data-analysis-service';
import { createAuth } from './auth/auth';
import { SessionCache } from './auth/session-cache';
import type { AppContext } from './app-context';
import type { Config } from './config/config';
import { openDatabase } from './db/database';
import { DatabaseEvents } from './db/database-events';
import { PaperAccessEvents } from './sharing/paper-access-events';
import { JobQueue } from './queue/job-queue';
import type { Log } from './process-setup';
import { jobTypes } from './queue/registry';
import { createLiterature, ensureBundledCorpus } from './literature/literature-service';
import { startHoldSweeper } from './billing/hold-sweeper';
import { startDraftSweeper } from './ai/structure/draft-sweeper';
import { outboundHttpFor } from './net/outbound/configured-origins';
import { LiveDocuments } from './collaboration/live-documents';

export interface Services {
  context: AppContext;
  /**
   * Readies what `context` holds: migrations, better-auth, the search index, the queue, the
   * bundled corpus check, the hold and draft sweepers. Until it has resolved only the database may be used.
   */
  start(): Promise<void>;
}

/**
 * The services of web and worker, built without waiting on the database, so the web process can
 * listen (and serve the page) while `start` readies them.
 */
export function createServices(config: Config, log: Log): Services {
  const database = openDatabase(config.database);
  const events = new DatabaseEvents(database);
  const sessions = new SessionCache();
  // A sign-out or a changed account in any process empties every process's session cache.
  sessions.shareWith(
    () =>
      void events
        .publish({ kind: 'sessions-changed' })
        .catch((error: unknown) =>
          log('Session change not sent to other processes', { error: String(error) }),
        ),
    () => events.live,
  );
  events.on((event) => {
    if (event.kind === 'sessions-changed') sessions.forget();
  });
  events.onResync(() => sessions.forget());
  const auth = createAuth(config, database.db, sessions);
  const outbound = outboundHttpFor(config);
  const literature = createLiterature(config, database, outbound, log);
  const ai = new AiEngine(config, log);
  const analysis = new DataAnalysis(config.analysis);
  const liveDocuments = new LiveDocuments({
    db: database.db,
    auth,
    sessions,
    adminEmails: config.adminEmails,
    log,
    redisUrl: config.redisUrl,
    databaseRelay: database.kind === 'postgres' ? { events } : undefined,
  });
  // A sign-out or a member removed in any process closes the sockets it ended here (after the
  // session cache above was emptied: handlers run in the order they were added).
  const recheckLiveAccess = (only?: { paperId: string; userId: string }) =>
    void liveDocuments
      .recheckAccess(only)
      .catch((error: unknown) => log('Live access not checked again', { error: String(error) }));
  events.on((event) => {
    if (event.kind === 'sessions-changed') recheckLiveAccess();
    if (event.kind === 'paper-access-changed') recheckLiveAccess(event);
  });
  events.onResync(() => recheckLiveAccess());
  // Jobs that run the engine reach the services through this once they exist (workers start
  // after the services have started).
  const services = () => context;
  const types = jobTypes({ includeTestJobs: config.testRoutes, services });
  const queue = new JobQueue(database, types, {
    maintenanceSeconds: config.queueMaintenanceSeconds,
    concurrency: config.jobConcurrency,
    settled: (jobId) => events.publish({ kind: 'job-settled', jobId }),
    log,
  });
  let stopSweeper = () => {};
  const paperAccess = new PaperAccessEvents(events);
  const context: AppContext = {
    config,
    database,
    events,
    paperAccess,
    auth,
    sessions,
    queue,
    literature,
    outbound,
    ai,
    chatText: new ChatTextStreams(events, log),
    analysis,
    liveDocuments,
    stopSweepers: () => stopSweeper(),
  };
  return {
    context,
    async start() {
      await database.migrate();
      await events.start();
      await auth.load();
      await liveDocuments.start();
      await literature.open();
      await queue.start();
      await ensureBundledCorpus(config, database, queue, log);
      const stopHolds = await startHoldSweeper(database, log);
      const stopDrafts = startDraftSweeper(database, log);
      stopSweeper = () => {
        stopHolds();
        stopDrafts();
      };
    },
  };
}

/** Opens the database, applies migrations and starts the queue: what the worker and tests use. */
export async function startServices(config: Config, log: Log): Promise<AppContext> {
  const services = createServices(config, log);
  await services.start();
  return services.context;
}

export async function stopServices(context: AppContext): Promise<void> {
  context.stopSweepers();
  await context.queue.stop();
  // After the jobs (which may write to a live document), before the database.
  await context.liveDocuments.close();
  await context.analysis.close();
  await context.literature.close();
  await context.events.close();
  await context.database.close();
}
