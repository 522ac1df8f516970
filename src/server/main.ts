import { buildServer } from './http/server';
import { loadConfigOrExit, log, onShutdownSignal } from './process-setup';
import { startServices, stopServices } from './services';

/** The web process: API, single-page app and (unless WORKERS=off) the job workers. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  log('starting', { database: config.database.kind, dataDir: config.dataDir });
  const context = await startServices(config, log);
  // Builds the analysis sandbox's filter and font cache now, so the first analysis does not wait.
  void context.analysis.unavailableReason();
  const app = await buildServer(context);
  if (config.runWorkers) await context.queue.startWorkers();

  onShutdownSignal(async (signal) => {
    log('shutting down', { signal });
    // Stop taking requests first, then let running jobs finish, then close the database.
    await app.close();
    await stopServices(context);
  });

  await app.listen({ port: config.port, host: config.host });
  log('listening', { url: `http://localhost:${config.port}` });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
