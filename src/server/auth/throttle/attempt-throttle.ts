import { createHash } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { authThrottle } from '../../db/schema';

export interface ThrottleRule {
  /** Keeps the counters of different rules apart, e.g. 'sign-in' and 'sign-up'. */
  name: string;
  /** Attempts allowed in one window; the next one is refused until the window ends. */
  limit: number;
  windowSeconds: number;
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Expired counters are swept at most this often by each process. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Fixed-window attempt counters kept in the database, so that a limit holds across web
 * processes and restarts. An attempt is counted before it is made (one atomic upsert), which
 * keeps parallel attempts from slipping past the limit together.
 */
export class AttemptThrottle {
  #lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async attempt(rule: ThrottleRule, subject: string): Promise<ThrottleDecision> {
    const now = this.now();
    await this.#sweep(now);
    const cutoff = new Date(now.getTime() - rule.windowSeconds * 1000).toISOString();
    const expired = sql`${authThrottle.windowStartedAt} <= ${cutoff}::timestamptz`;
    const [row] = await this.db
      .insert(authThrottle)
      .values({ key: throttleKey(rule, subject), attempts: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          attempts: sql`case when ${expired} then 1 else ${authThrottle.attempts} + 1 end`,
          windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${authThrottle.windowStartedAt} end`,
        },
      })
      .returning({
        attempts: authThrottle.attempts,
        windowStartedAt: authThrottle.windowStartedAt,
      });
    if (!row || row.attempts <= rule.limit) return { allowed: true };
    const endsAt = row.windowStartedAt.getTime() + rule.windowSeconds * 1000;
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)),
    };
  }

  /** Forgets the attempts of a subject, e.g. an account's failures after a successful sign-in. */
  async clear(rule: ThrottleRule, subject: string): Promise<void> {
    await this.db.delete(authThrottle).where(eq(authThrottle.key, throttleKey(rule, subject)));
  }

  async #sweep(now: Date): Promise<void> {
    if (now.getTime() - this.#lastSweep < SWEEP_INTERVAL_MS) return;
    this.#lastSweep = now.getTime();
    // No rule's window is longer than a day, so older counters can only be expired ones.
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    await this.db.delete(authThrottle).where(lt(authThrottle.windowStartedAt, dayAgo));
  }
}

function throttleKey(rule: ThrottleRule, subject: string): string {
  return createHash('sha256').update(`${rule.name}\n${subject}`).digest('base64url');
}
