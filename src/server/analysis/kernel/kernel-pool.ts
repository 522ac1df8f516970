import type { CellRun, KernelDataFile, KernelRunner, KernelSession } from './kernel-runner';

interface Entry {
  session: Promise<KernelSession>;
  idleTimer?: NodeJS.Timeout;
  /** Cells run one at a time per kernel, in order. */
  queue: Promise<unknown>;
}

/**
 * One kernel per analysis conversation (and data file), kept while the conversation is used
 * and shut down after `idleSeconds` without a cell, or at once when a limit stopped it. A kernel lives in this process only: after
 * a restart a conversation gets a fresh kernel and the engine replays its checkpointed cells.
 */
export class KernelPool {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly runner: KernelRunner,
    private readonly idleSeconds: number,
  ) {}

  /** True when `key` has a kernel already (its variables are still there). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /**
   * Starts `key`'s kernel, if it has none, without running anything: the engine does so while
   * the model plans, so the sandbox's start-up is not waited for afterwards.
   */
  warm(key: string, file: () => Promise<KernelDataFile>): void {
    if (this.entries.has(key)) return;
    this.armIdleTimer(key, this.entryFor(key, file));
  }

  execute(key: string, file: () => Promise<KernelDataFile>, code: string): Promise<CellRun> {
    const current = this.entryFor(key, file);
    if (current.idleTimer) clearTimeout(current.idleTimer);
    const run = current.queue.then(async () => {
      const result = await (await current.session).execute(code);
      // A limit stopped the kernel and its variables are gone: the conversation gets a new
      // sandbox, and its owner (the engine) sees `has` false and rebuilds it.
      if (result.status === 'killed' && this.entries.get(key) === current) {
        void this.shutdown(key);
      }
      return result;
    });
    current.queue = run.catch(() => undefined);
    void run.finally(() => this.armIdleTimer(key, current)).catch(() => undefined);
    return run;
  }

  private entryFor(key: string, file: () => Promise<KernelDataFile>): Entry {
    const found = this.entries.get(key);
    if (found) return found;
    const entry: Entry = {
      session: file().then((data) => this.runner.start(data)),
      queue: Promise.resolve(),
    };
    this.entries.set(key, entry);
    entry.session.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry;
  }

  private armIdleTimer(key: string, entry: Entry): void {
    if (this.entries.get(key) !== entry) return;
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = setTimeout(() => void this.shutdown(key), this.idleSeconds * 1000);
    entry.idleTimer.unref();
  }

  async shutdown(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    const session = await entry.session.catch(() => undefined);
    await session?.shutdown();
  }

  async shutdownAll(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((key) => this.shutdown(key)));
  }
}
