import { HttpError } from '../../../http/http-error';

/**
 * How many exports each user has running. An export holds Chromium or the CPU for up to the
 * export time limit, so one user may run only a few at once; the next is refused at once with
 * a 429 rather than queued behind them. **Decision:** counted per server process, like the
 * export browser each process owns; an export is a request, not queued work.
 */
export class ExportSlots {
  private readonly running = new Map<string, number>();

  constructor(private readonly perUser: number) {}

  async run<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const count = this.running.get(userId) ?? 0;
    if (count >= this.perUser) {
      throw new HttpError(
        429,
        `You already have ${count} ${count === 1 ? 'export' : 'exports'} running. Please wait until ${count === 1 ? 'it finishes' : 'one finishes'}, then export again.`,
      );
    }
    this.running.set(userId, count + 1);
    try {
      return await work();
    } finally {
      const left = (this.running.get(userId) ?? 1) - 1;
      if (left === 0) this.running.delete(userId);
      else this.running.set(userId, left);
    }
  }
}
