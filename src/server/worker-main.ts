import { loadConfigOrExit, log, onShutdownSignal } from './process-setup';
import { startServices, stopServices } from './services';

/**
 * A worker-only process for production: run it beside `WORKERS=off` web processes. It needs
 * DATABASE_URL, because an embedded PGlite database can be open in one process only.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  if (config.database.kind !== 'postgres') {
    console.error(
      'A separate worker needs DATABASE_URL: the embedded database serves one process.',
    );
    process.exit(1);
  }
  const context = await startServices(config, log);
  await context.queue.startWorkers();
  onShutdownSignal(() => stopServices(context));
  log('worker started');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
