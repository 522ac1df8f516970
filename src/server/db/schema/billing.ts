import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * One row per user holding the current balance, so a charge is a single conditional UPDATE
 * (`balance >= amount`) that PostgreSQL and PGlite serialize on the row: two charges can never
 * spend the same money. Amounts are integer micro-dollars (1 USD = 1,000,000).
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    balanceMicros: bigint('balance_micros', { mode: 'number' }).notNull(),
    /** Set by the first paid top-up: an account that has never paid is free tier. */
    hasPaid: boolean('has_paid').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('billing_accounts_balance_not_negative', sql`${table.balanceMicros} >= 0`)],
);

/**
 * The append-only ledger: every change of a balance is one row, never updated or deleted.
 * `amount_micros` is signed (credits positive, charges negative) and `balance_after_micros`
 * is the account's balance right after it, so the history needs no recomputation.
 */
export const billingEntries = pgTable(
  'billing_entries',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['top_up', 'grant', 'charge', 'refund'] }).notNull(),
    amountMicros: bigint('amount_micros', { mode: 'number' }).notNull(),
    balanceAfterMicros: bigint('balance_after_micros', { mode: 'number' }).notNull(),
    what: text('what').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('billing_entries_user_seq_idx').on(table.userId, table.seq)],
);

/**
 * The state of each priced unit of work named by a caller's idempotency key: `held` from the
 * charge until the work ends, then `settled` or `refunded`. Holds left by a crash are refunded
 * by the sweep; a retry with the same key reuses an open hold instead of charging again.
 */
export const billingCharges = pgTable(
  'billing_charges',
  {
    unitKey: text('unit_key').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    amountMicros: bigint('amount_micros', { mode: 'number' }).notNull(),
    state: text('state', { enum: ['held', 'settled', 'refunded'] }).notNull(),
    /** How many times this unit has been charged (a charge after a refund is a new one). */
    generation: integer('generation').notNull(),
    what: text('what').notNull(),
    heldAt: timestamp('held_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('billing_charges_held_idx').on(table.state, table.heldAt)],
);

/** Stripe Checkout sessions this server created: the only sessions a webhook may credit. */
export const billingCheckouts = pgTable('billing_checkouts', {
  sessionId: text('session_id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  amountMicros: bigint('amount_micros', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Stripe event ids already applied, so a replayed event changes nothing. */
export const billingStripeEvents = pgTable('billing_stripe_events', {
  eventId: text('event_id').primaryKey(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
