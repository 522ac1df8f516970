/** The poll gave up after its last try (001 §9: 600 tries for a structure). */
export class PollTimeoutError extends Error {
  constructor() {
    super('The job did not finish in time');
    this.name = 'PollTimeoutError';
  }
}

export class PollAbortedError extends Error {
  constructor() {
    super('Polling stopped');
    this.name = 'PollAbortedError';
  }
}

export interface PollOptions<T> {
  read: () => Promise<T>;
  done: (value: T) => boolean;
  intervalMs: number;
  maxTries: number;
  signal: AbortSignal;
  onUpdate?: (value: T) => void;
  /** Waits between tries; a test passes one that does not sleep. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Waits `ms`, or rejects with PollAbortedError as soon as `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new PollAbortedError());
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new PollAbortedError());
      },
      { once: true },
    );
  });
}

/**
 * Reads a job every `intervalMs` until `done`, at most `maxTries` times. A read that fails
 * (the network, a restarting server) counts as a try and is retried; the last failure, or a
 * job still running after the last try, ends the poll with PollTimeoutError.
 */
export async function pollUntil<T>(options: PollOptions<T>): Promise<T> {
  const wait = options.wait ?? sleep;
  for (let attempt = 1; attempt <= options.maxTries; attempt += 1) {
    if (options.signal.aborted) throw new PollAbortedError();
    try {
      const value = await options.read();
      if (options.signal.aborted) throw new PollAbortedError();
      options.onUpdate?.(value);
      if (options.done(value)) return value;
    } catch (error) {
      if (error instanceof PollAbortedError || isFinalError(error)) throw error;
    }
    if (attempt < options.maxTries) await wait(options.intervalMs, options.signal);
  }
  throw new PollTimeoutError();
}

/** A 404 means the job is gone (discarded elsewhere): no use asking again. */
function isFinalError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
}
