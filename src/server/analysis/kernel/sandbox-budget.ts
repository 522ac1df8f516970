/** No sandbox became free in time; the message says why and what to do. */
export class SandboxBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxBusyError';
  }
}

export const SANDBOX_BUSY_MESSAGE =
  'The server is busy with other analyses; please try again in a few minutes.';

function userCap(perUser: number): string {
  const analyses = perUser === 1 ? 'one analysis' : `${perUser} analyses`;
  return `You already have ${analyses} running, the most one user may have at once`;
}

export function userCapMessage(perUser: number): string {
  return `${userCap(perUser)}; this one starts when one of them finishes.`;
}

export function userCapRefusal(perUser: number): string {
  return `${userCap(perUser)}; please wait until one of them finishes and try again.`;
}

export function serverCapMessage(total: number): string {
  return `The server is running as many analyses as it can (${total}); this one starts when one of them finishes.`;
}

export interface TakeOptions {
  /** Frees an idle sandbox (of `owner`, or of anyone when the whole server is full); true if one was. */
  reclaim?(owner: string, anyOwner: boolean): boolean;
  /** Told once, with the reason, when the request has to wait. */
  onWait?(message: string): void;
  waitMs: number;
}

interface Waiter {
  owner: string;
  grant(): void;
}

/**
 * How many sandboxes (kernels and upload descriptions) may live at once: `total` in this
 * process and `perUser` for one user. A request past either waits its turn, first come first
 * served, for at most `waitMs`; an idle kernel is shut down to make room first.
 */
export class SandboxBudget {
  private live = 0;
  private readonly perOwner = new Map<string, number>();
  private readonly waiters: Waiter[] = [];

  constructor(
    readonly total: number,
    readonly perUser: number,
  ) {}

  private fits(owner: string): boolean {
    return this.live < this.total && (this.perOwner.get(owner) ?? 0) < this.perUser;
  }

  private grant(owner: string): () => void {
    this.live += 1;
    this.perOwner.set(owner, (this.perOwner.get(owner) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.live -= 1;
      const left = (this.perOwner.get(owner) ?? 1) - 1;
      if (left === 0) this.perOwner.delete(owner);
      else this.perOwner.set(owner, left);
      this.serve();
    };
  }

  private serve(): void {
    for (let index = 0; index < this.waiters.length;) {
      const waiter = this.waiters[index]!;
      if (this.fits(waiter.owner)) {
        this.waiters.splice(index, 1);
        waiter.grant();
      } else index += 1;
    }
  }

  /** A slot for `owner`; call the returned function when its sandbox has ended. */
  take(owner: string, options: TakeOptions): Promise<() => void> {
    // Whoever waits does not fit now (each release serves those who do): no one is passed over.
    if (this.fits(owner)) return Promise.resolve(this.grant(owner));
    const userFull = (this.perOwner.get(owner) ?? 0) >= this.perUser;
    options.reclaim?.(owner, !userFull);
    const message = userFull ? userCapMessage(this.perUser) : serverCapMessage(this.total);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        owner,
        grant: () => {
          clearTimeout(timer);
          resolve(this.grant(owner));
        },
      };
      const timer = setTimeout(() => {
        const index = this.waiters.indexOf(waiter);
        if (index !== -1) this.waiters.splice(index, 1);
        reject(
          new SandboxBusyError(userFull ? userCapRefusal(this.perUser) : SANDBOX_BUSY_MESSAGE),
        );
      }, options.waitMs);
      this.waiters.push(waiter);
      // A reclaimed sandbox may already have been given back.
      this.serve();
      if (this.waiters.includes(waiter)) options.onWait?.(message);
    });
  }

  /**
   * True when freeing one of `owner`'s sandboxes would let a waiting request start: the pool
   * then shuts down that owner's kernel as soon as it is idle, rather than at its idle timeout.
   */
  wouldServe(owner: string): boolean {
    return this.waiters.some((waiter) => {
      const own = (this.perOwner.get(waiter.owner) ?? 0) - (waiter.owner === owner ? 1 : 0);
      return this.live - 1 < this.total && own < this.perUser;
    });
  }

  get liveCount(): number {
    return this.live;
  }
}
