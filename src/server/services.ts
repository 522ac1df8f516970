import { AiEngine } from './ai/ai-engine';
import { DataAnalysis } from './analysis/data-analysis-service';
import { createAuth } from './auth/auth';
import { SessionCache } from './auth/session-cache';
import type { AppContext } from './app-context';
import type { Config } from './config/config';
import { openDatabase } from './db/database';
import { JobQueue } from './queue/job-queue';
import type { Log } from './process-setup';
import { jobTypes } from './queue/registry';
import { ensureBundledCorpus, startLiterature } from './literature/literature-service';
import { startHoldSweeper } from './billing/hold-sweeper';
import { outboundHttpFor } from './net/outbound/configured-origins';

/** Opens the database, applies migrations and starts the queue: what web and worker share. */
export async function startServices(config: Config, log: Log): Promise<AppContext> {
  const database = openDatabase(config.database);
  await database.migrate();
  const sessions = new SessionCache();
  const auth = createAuth(config, database.db, sessions);
  const outbound = outboundHttpFor(config);
  const literature = await startLiterature(config, database, outbound, log);
  const ai = new AiEngine(config, log);
  const analysis = new DataAnalysis(config.analysis);
  // Jobs that run the engine reach the services through this once they exist (workers start
  // after startServices returns).
  const started: { context?: AppContext } = {};
  const services = () => {
    if (!started.context) throw new Error('Services are not started yet');
    return started.context;
  };
  const types = jobTypes({ includeTestJobs: config.testRoutes, services });
  const queue = new JobQueue(database, types, {
    maintenanceSeconds: config.queueMaintenanceSeconds,
    log,
  });
  await queue.start();
  await ensureBundledCorpus(config, database, queue, log);
  const stopHoldSweeper = await startHoldSweeper(database, log);
  started.context = {
    config,
    database,
    auth,
    sessions,
    queue,
    literature,
    outbound,
    ai,
    analysis,
    stopHoldSweeper,
  };
  return started.context;
}

export async function stopServices(context: AppContext): Promise<void> {
  context.stopHoldSweeper();
  await context.queue.stop();
  await context.analysis.close();
  await context.literature.close();
  await context.database.close();
}
