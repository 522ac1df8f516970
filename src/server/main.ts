import { buildServer } from './http/server';
import { loadConfigOrExit, log, onShutdownSignal } from './process-setup';
import { createServices, stopServices } from './services';

/** The web process: API, single-page app and (unless WORKERS=off) the job workers. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  log('starting', { database: config.database.kind, dataDir: config.dataDir });
  const services = createServices(config, log);
  const { context } = services;
  // The services start once the server listens, so the page answers meanwhile; API requests
  // wait for them (buildServer), and a failed start ends the process as it did before.
  let listening!: () => void;
  const started = new Promise<void>((resolve) => (listening = resolve)).then(async () => {
    await services.start();
    if (config.runWorkers) await context.queue.startWorkers();
  });
  const app = await buildServer(context, { servicesStarted: started });

  onShutdownSignal(async (signal) => {
    log('shutting down', { signal });
    // Stop taking requests first, then let running jobs finish, then close the database.
    await app.close();
    await started.catch(() => undefined);
    await stopServices(context);
  });

  await app.listen({ port: config.port, host: config.host });
  log('listening', { url: `http://localhost:${config.port}` });
  listening();
  await started;
  log('services started');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
