/**
 * Who converts next. Conversions are CPU-heavy (LibreOffice, pandoc, pdf.js), so only a few
 * run at once, and the waiting ones are served fairly:
 *  - per user, round-robin: when a slot frees, the user served longest ago goes first, so one
 *    user's batch never holds everyone else back, and one user runs at most `perUser` at once;
 *  - light files (a few hundred KB, converted in about a second) have slots of their own that
 *    large files never take, so a small file never waits behind another user's large one.
 */
export interface QueueLimits {
  /** Conversions of any size running at once. */
  heavySlots: number;
  /** Further slots only light files may use. */
  lightSlots: number;
  /** A file of at most this many bytes is light. */
  lightBytes: number;
  /** Conversions one user may run at once. */
  perUser: number;
}

export const CONVERSION_QUEUE_LIMITS: QueueLimits = {
  heavySlots: 2,
  lightSlots: 2,
  lightBytes: 512 * 1024,
  perUser: 2,
};

interface Job {
  userId: string;
  light: boolean;
  start: () => void;
}

export class ConversionQueue {
  private readonly waiting: Job[] = [];
  private readonly runningByUser = new Map<string, number>();
  /** When each user last got a slot (a counter, not a clock). */
  private readonly lastServed = new Map<string, number>();
  private turn = 0;
  private heavyRunning = 0;
  private lightRunning = 0;

  constructor(private readonly limits: QueueLimits) {}

  /**
   * Resolves when the conversion may start, with the function that gives its slot back;
   * `onWait` is called once if it has to wait first.
   */
  async acquire(userId: string, bytes: number, onWait: () => void): Promise<() => void> {
    const light = bytes <= this.limits.lightBytes;
    let heavySlot = false;
    await new Promise<void>((resolve) => {
      const job: Job = {
        userId,
        light,
        start: () => {
          // A light file uses a heavy slot only when one is free, keeping light slots open.
          heavySlot = this.heavyRunning < this.limits.heavySlots;
          if (heavySlot) this.heavyRunning += 1;
          else this.lightRunning += 1;
          this.runningByUser.set(userId, (this.runningByUser.get(userId) ?? 0) + 1);
          this.turn += 1;
          this.lastServed.set(userId, this.turn);
          resolve();
        },
      };
      this.waiting.push(job);
      this.dispatch();
      if (this.waiting.includes(job)) onWait();
    });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (heavySlot) this.heavyRunning -= 1;
      else this.lightRunning -= 1;
      const running = (this.runningByUser.get(userId) ?? 1) - 1;
      if (running > 0) this.runningByUser.set(userId, running);
      else {
        this.runningByUser.delete(userId);
        // A user with nothing running or waiting is a newcomer again (and costs no memory).
        if (!this.waiting.some((job) => job.userId === userId)) this.lastServed.delete(userId);
      }
      this.dispatch();
    };
  }

  private canStart(job: Job): boolean {
    if ((this.runningByUser.get(job.userId) ?? 0) >= this.limits.perUser) return false;
    if (this.heavyRunning < this.limits.heavySlots) return true;
    return job.light && this.lightRunning < this.limits.lightSlots;
  }

  private dispatch(): void {
    for (;;) {
      let next: Job | undefined;
      for (const job of this.waiting) {
        if (!this.canStart(job)) continue;
        // Jobs wait in arrival order; among users, the one served longest ago goes first.
        if (!next || this.served(job.userId) < this.served(next.userId)) next = job;
      }
      if (!next) return;
      this.waiting.splice(this.waiting.indexOf(next), 1);
      next.start();
    }
  }

  private served(userId: string): number {
    return this.lastServed.get(userId) ?? 0;
  }
}
