import { loadConfig, type Config } from './config/config';
import { ConfigError } from './config/env';

export type Log = (message: string, details?: Record<string, unknown>) => void;

/** A wrong setting ends the process with the variable's name, not a stack trace. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export const log: Log = (message, details) =>
  console.log(JSON.stringify({ time: new Date().toISOString(), message, ...details }));

export function onShutdownSignal(shutdown: (signal: string) => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      shutdown(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}
