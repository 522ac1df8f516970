import type { CurrentUser } from './current-user';

/**
 * How long a looked-up session is trusted without asking the database again. Changes made in
 * any process (sign-out, revoked sessions, a new name or password) clear every process's cache
 * at once (`DatabaseEvents`); the bound is for what no hook sees, such as a row edited by hand.
 */
export const SESSION_CACHE_MS = 30_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  user: CurrentUser;
  until: number;
}

/**
 * The signed-in user per session cookie, so that a private request costs no session query.
 * Keyed by the whole Cookie header: better-auth reads nothing else to find the session, so the
 * same header always names the same session.
 */
export class SessionCache {
  #entries = new Map<string, Entry>();
  #generation = 0;
  #tellOthers: () => void = () => {};
  #trusted: () => boolean = () => true;

  constructor(private readonly ttlMs = SESSION_CACHE_MS) {}

  /**
   * Connects the cache to the other processes: `tellOthers` runs on every change seen here,
   * and while `trusted` is false (their messages could be missed) nothing is served from it.
   */
  shareWith(tellOthers: () => void, trusted: () => boolean): void {
    this.#tellOthers = tellOthers;
    this.#trusted = trusted;
  }

  /**
   * Read before a lookup and handed to `remember`: a lookup that raced with a sign-out must
   * not store the session it read before the sign-out cleared the cache.
   */
  get generation(): number {
    return this.#generation;
  }

  find(cookie: string, now = Date.now()): CurrentUser | undefined {
    if (!this.#trusted()) return undefined;
    const entry = this.#entries.get(cookie);
    if (!entry) return undefined;
    if (entry.until > now) return entry.user;
    this.#entries.delete(cookie);
    return undefined;
  }

  remember(cookie: string, user: CurrentUser, sessionExpiresAt: Date, generation: number): void {
    if (generation !== this.#generation) return;
    const until = Math.min(Date.now() + this.ttlMs, sessionExpiresAt.getTime());
    // Maps iterate in insertion order: the first key is the oldest entry.
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(cookie, { user, until });
  }

  /**
   * A session or user changed: forget everything (such changes are rare, lookups cheap), here
   * and in every other process.
   */
  clear(): void {
    this.forget();
    this.#tellOthers();
  }

  /** Another process saw a change: forget everything here. */
  forget(): void {
    this.#generation += 1;
    this.#entries.clear();
  }
}
