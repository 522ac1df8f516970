import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Attempt counters for the limits that must hold across processes and restarts: failed
 * sign-ins per account and sign-ups per client. `key` is a hash, so the table keeps neither
 * typed e-mail addresses nor client addresses in the clear.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});
