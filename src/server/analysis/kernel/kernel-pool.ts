import type { CellRun, KernelDataFile, KernelRunner, KernelSession } from './kernel-runner';
import type { SandboxBudget } from './sandbox-budget';

interface Entry {
  owner: string;
  session: Promise<KernelSession>;
  idleTimer?: NodeJS.Timeout;
  /** Cells run one at a time per kernel, in order. */
  queue: Promise<unknown>;
  /** Cells queued or running: a kernel with none may be shut down to make room. */
  busy: number;
  lastUsed: number;
}

export interface PoolOptions {
  idleSeconds: number;
  budget: SandboxBudget;
  /** How long a kernel waits for a free sandbox. */
  waitMs: number;
}

/**
 * One kernel per analysis conversation (and data file), kept while the conversation is used
 * and shut down after `idleSeconds` without a cell, or at once when a limit stopped it. Every
 * kernel holds a slot of the server's sandbox budget for its whole life; when none is free the
 * least recently used idle kernel (the user's own first when the user is at their cap) is shut
 * down for it, or the start waits its turn. A kernel lives in this process only: after a restart
 * a conversation gets a fresh kernel and the engine replays its checkpointed cells.
 */
export class KernelPool {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly runner: KernelRunner,
    private readonly options: PoolOptions,
  ) {}

  /** True when `key` has a kernel already (its variables are still there). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /**
   * Starts `key`'s kernel, if it has none, without running anything: the engine does so while
   * the model plans, so the sandbox's start-up is not waited for afterwards. `onWait` hears
   * why, when the kernel must wait for a free sandbox. Settles when the kernel has started (or
   * could not: a `SandboxBusyError` when no sandbox became free in time).
   */
  warm(
    key: string,
    owner: string,
    file: () => Promise<KernelDataFile>,
    onWait?: (message: string) => void,
  ): Promise<void> {
    const found = this.entries.get(key);
    if (found) return found.session.then(() => undefined);
    const entry = this.entryFor(key, owner, file, onWait);
    this.armIdleTimer(key, entry);
    return entry.session.then(() => undefined);
  }

  execute(
    key: string,
    owner: string,
    file: () => Promise<KernelDataFile>,
    code: string,
  ): Promise<CellRun> {
    const current = this.entryFor(key, owner, file);
    if (current.idleTimer) clearTimeout(current.idleTimer);
    current.busy += 1;
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
    void run
      .finally(() => {
        current.busy -= 1;
        current.lastUsed = Date.now();
        this.armIdleTimer(key, current);
      })
      .catch(() => undefined);
    return run;
  }

  private entryFor(
    key: string,
    owner: string,
    file: () => Promise<KernelDataFile>,
    onWait?: (message: string) => void,
  ): Entry {
    const found = this.entries.get(key);
    if (found) return found;
    const session = this.options.budget
      .take(owner, {
        waitMs: this.options.waitMs,
        reclaim: (who, anyOwner) => this.reclaimIdle(who, anyOwner),
        ...(onWait ? { onWait } : {}),
      })
      .then(async (release) => {
        try {
          const started = await this.runner.start(await file());
          void started.ended.then(release);
          return started;
        } catch (error) {
          release();
          throw error;
        }
      });
    const entry: Entry = { owner, session, queue: Promise.resolve(), busy: 0, lastUsed: 0 };
    this.entries.set(key, entry);
    entry.session.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry;
  }

  /**
   * The step using `key` has ended. When a request waits for the sandbox this kernel holds, the
   * kernel gives it up now, not at its idle timeout: the waiting step was told it starts when
   * one of the running analyses finishes. (Between a step's cells the kernel is kept.)
   */
  stepEnded(key: string): void {
    const entry = this.entries.get(key);
    if (entry && entry.busy === 0 && this.options.budget.wouldServe(entry.owner)) {
      void this.shutdown(key);
    }
  }

  /** Shuts down the least recently used kernel that runs nothing, to free its sandbox. */
  reclaimIdle(owner: string, anyOwner: boolean): boolean {
    let oldest: [string, Entry] | undefined;
    for (const pair of this.entries) {
      const [, entry] = pair;
      if (entry.busy > 0 || entry.lastUsed === 0) continue;
      if (!anyOwner && entry.owner !== owner) continue;
      if (!oldest || entry.lastUsed < oldest[1].lastUsed) oldest = pair;
    }
    if (!oldest) return false;
    void this.shutdown(oldest[0]);
    return true;
  }

  private armIdleTimer(key: string, entry: Entry): void {
    if (this.entries.get(key) !== entry) return;
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = setTimeout(() => void this.shutdown(key), this.options.idleSeconds * 1000);
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
