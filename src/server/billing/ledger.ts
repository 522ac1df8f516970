import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/unique-violation';
import { billingAccounts, billingCharges, billingEntries } from '../db/schema';
import { InsufficientBalanceError } from './insufficient-balance';

/**
 * The ledger: the only code that changes a balance. Every change is one transaction that
 * updates the user's `billing_accounts` row and appends one `billing_entries` row whose
 * idempotency key is unique, so a repeated request can never apply twice.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

export type EntryKind = 'top_up' | 'grant' | 'charge' | 'refund';

export interface LedgerOptions {
  /** Credited once, as a grant, when the account is first touched (STARTING_CREDIT_USD). */
  startingCreditMicros: number;
}

/** Creates the account with its starting credit on first use; returns nothing if it existed. */
async function ensureAccount(tx: Executor, userId: string, options: LedgerOptions) {
  const created = await tx
    .insert(billingAccounts)
    .values({ userId, balanceMicros: options.startingCreditMicros })
    .onConflictDoNothing()
    .returning({ balance: billingAccounts.balanceMicros });
  if (created.length > 0 && options.startingCreditMicros > 0) {
    await tx.insert(billingEntries).values({
      userId,
      kind: 'grant',
      amountMicros: options.startingCreditMicros,
      balanceAfterMicros: options.startingCreditMicros,
      what: 'Starting credit',
      idempotencyKey: `starting-credit:${userId}`,
    });
  }
}

export interface Account {
  balanceMicros: number;
  hasPaid: boolean;
}

export async function readAccount(db: Db, userId: string, options: LedgerOptions) {
  const [existing] = await db
    .select({ balanceMicros: billingAccounts.balanceMicros, hasPaid: billingAccounts.hasPaid })
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, userId));
  if (existing) return existing;
  await db.transaction((tx) => ensureAccount(tx, userId, options));
  const [created] = await db
    .select({ balanceMicros: billingAccounts.balanceMicros, hasPaid: billingAccounts.hasPaid })
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, userId));
  if (!created) throw new Error(`No billing account for ${userId}`);
  return created;
}

export interface CreditInput {
  userId: string;
  kind: 'top_up' | 'grant';
  amountMicros: number;
  what: string;
  idempotencyKey: string;
}

/** Adds money. `applied` is false when the idempotency key was used before (nothing changed). */
export async function credit(
  db: Db,
  input: CreditInput,
  options: LedgerOptions,
): Promise<{ applied: boolean; balanceMicros: number }> {
  if (!Number.isSafeInteger(input.amountMicros) || input.amountMicros <= 0) {
    throw new Error(`A credit must be a positive whole number of micros: ${input.amountMicros}`);
  }
  try {
    return await db.transaction(async (tx) => {
      await ensureAccount(tx, input.userId, options);
      const [account] = await tx
        .update(billingAccounts)
        .set({
          balanceMicros: sql`${billingAccounts.balanceMicros} + ${input.amountMicros}`,
          hasPaid: input.kind === 'top_up' ? true : billingAccounts.hasPaid,
          updatedAt: new Date(),
        })
        .where(eq(billingAccounts.userId, input.userId))
        .returning({ balance: billingAccounts.balanceMicros });
      if (!account) throw new Error(`No billing account for ${input.userId}`);
      await tx.insert(billingEntries).values({
        userId: input.userId,
        kind: input.kind,
        amountMicros: input.amountMicros,
        balanceAfterMicros: account.balance,
        what: input.what,
        idempotencyKey: input.idempotencyKey,
      });
      return { applied: true, balanceMicros: account.balance };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const account = await readAccount(db, input.userId, options);
    return { applied: false, balanceMicros: account.balanceMicros };
  }
}

export interface ChargeInput {
  userId: string;
  /** Names one priced unit of work; a retry of the same work passes the same key. */
  unitKey: string;
  amountMicros: number;
  what: string;
  /** Whether the amount is a model's per-section price (chooses the spec's 402 message). */
  perSection: boolean;
}

export type TakenCharge =
  { status: 'charged' | 'reused'; generation: number } | { status: 'already-settled' };

/**
 * Takes the money for a unit of work before it starts. A unit whose earlier charge is still
 * held (a retry after a crash) reuses it; one already settled is not charged again; one that
 * was refunded is charged anew. Throws InsufficientBalanceError (402) when it cannot be paid.
 */
export async function takeCharge(
  db: Db,
  input: ChargeInput,
  options: LedgerOptions,
): Promise<TakenCharge> {
  if (!Number.isSafeInteger(input.amountMicros) || input.amountMicros <= 0) {
    throw new Error(`A charge must be a positive whole number of micros: ${input.amountMicros}`);
  }
  try {
    return await db.transaction((tx) => takeChargeIn(tx, input, options));
  } catch (error) {
    // Two first charges of the same unit raced: the loser's insert rolled back; now it sees
    // the winner's hold and reuses it.
    if (!isUniqueViolation(error)) throw error;
    return db.transaction((tx) => takeChargeIn(tx, input, options));
  }
}

async function takeChargeIn(tx: Tx, input: ChargeInput, options: LedgerOptions) {
  const [unit] = await tx
    .select()
    .from(billingCharges)
    .where(eq(billingCharges.unitKey, input.unitKey))
    .for('update');
  if (unit && unit.userId !== input.userId) {
    throw new Error(`Charge key ${input.unitKey} belongs to another user`);
  }
  if (unit?.state === 'held') {
    await tx
      .update(billingCharges)
      .set({ heldAt: new Date() })
      .where(eq(billingCharges.unitKey, input.unitKey));
    return { status: 'reused', generation: unit.generation } as const;
  }
  if (unit?.state === 'settled') return { status: 'already-settled' } as const;

  const balanceAfter = await debit(tx, input, options);
  const generation = (unit?.generation ?? 0) + 1;
  await tx.insert(billingEntries).values({
    userId: input.userId,
    kind: 'charge',
    amountMicros: -input.amountMicros,
    balanceAfterMicros: balanceAfter,
    what: input.what,
    idempotencyKey: `charge:${input.unitKey}#${generation}`,
  });
  const held = {
    userId: input.userId,
    amountMicros: input.amountMicros,
    state: 'held' as const,
    generation,
    what: input.what,
    heldAt: new Date(),
  };
  await tx
    .insert(billingCharges)
    .values({ unitKey: input.unitKey, ...held })
    .onConflictDoUpdate({ target: billingCharges.unitKey, set: held });
  return { status: 'charged', generation } as const;
}

/** The conditional UPDATE that makes spending the same money twice impossible. */
async function debit(tx: Tx, input: ChargeInput, options: LedgerOptions): Promise<number> {
  const attempt = () =>
    tx
      .update(billingAccounts)
      .set({
        balanceMicros: sql`${billingAccounts.balanceMicros} - ${input.amountMicros}`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(billingAccounts.userId, input.userId),
          // The balance rule (shared/billing/balance-rule.ts, balanceCovers) in SQL: strictly above.
          gt(billingAccounts.balanceMicros, input.amountMicros),
        ),
      )
      .returning({ balance: billingAccounts.balanceMicros });
  let [updated] = await attempt();
  if (!updated) {
    await ensureAccount(tx, input.userId, options);
    [updated] = await attempt();
  }
  if (updated) return updated.balance;
  const [account] = await tx
    .select({ balance: billingAccounts.balanceMicros })
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, input.userId));
  throw new InsufficientBalanceError(account?.balance ?? 0, input.amountMicros, input.perSection);
}

/** The work was delivered: the held charge becomes final. */
export async function settleCharge(db: Db, unitKey: string, generation: number): Promise<void> {
  await db
    .update(billingCharges)
    .set({ state: 'settled' })
    .where(
      and(
        eq(billingCharges.unitKey, unitKey),
        eq(billingCharges.generation, generation),
        eq(billingCharges.state, 'held'),
      ),
    );
}

/** Gives a held charge back. Returns false when it was not held any more (nothing changed). */
export async function refundCharge(db: Db, unitKey: string, generation: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [unit] = await tx
      .update(billingCharges)
      .set({ state: 'refunded' })
      .where(
        and(
          eq(billingCharges.unitKey, unitKey),
          eq(billingCharges.generation, generation),
          eq(billingCharges.state, 'held'),
        ),
      )
      .returning();
    if (!unit) return false;
    const [account] = await tx
      .update(billingAccounts)
      .set({
        balanceMicros: sql`${billingAccounts.balanceMicros} + ${unit.amountMicros}`,
        updatedAt: new Date(),
      })
      .where(eq(billingAccounts.userId, unit.userId))
      .returning({ balance: billingAccounts.balanceMicros });
    if (!account) throw new Error(`No billing account for ${unit.userId}`);
    await tx.insert(billingEntries).values({
      userId: unit.userId,
      kind: 'refund',
      amountMicros: unit.amountMicros,
      balanceAfterMicros: account.balance,
      what: `Refund: ${unit.what}`,
      idempotencyKey: `refund:${unitKey}#${generation}`,
    });
    return true;
  });
}

/** Gives back whatever is held under `unitKey` (work that will not run); false if nothing was. */
export async function refundHeld(db: Db, unitKey: string): Promise<boolean> {
  const [unit] = await db
    .select({ generation: billingCharges.generation })
    .from(billingCharges)
    .where(and(eq(billingCharges.unitKey, unitKey), eq(billingCharges.state, 'held')));
  return unit ? refundCharge(db, unitKey, unit.generation) : false;
}

/**
 * Refunds holds whose work never reported back (its process died) once they are older than
 * `cutoff`. A retry that comes later is charged anew, so the user pays once per delivery.
 */
export async function refundStaleHolds(db: Db, cutoff: Date): Promise<number> {
  const stale = await db
    .select({ unitKey: billingCharges.unitKey, generation: billingCharges.generation })
    .from(billingCharges)
    .where(and(eq(billingCharges.state, 'held'), lt(billingCharges.heldAt, cutoff)));
  let refunded = 0;
  for (const unit of stale) {
    if (await refundCharge(db, unit.unitKey, unit.generation)) refunded += 1;
  }
  return refunded;
}

export interface LedgerEntry {
  seq: number;
  kind: EntryKind;
  amountMicros: number;
  balanceAfterMicros: number;
  what: string;
  createdAt: Date;
}

/** A user's entries, newest first; `before` pages back by sequence number. */
export async function listEntries(
  db: Db,
  userId: string,
  { limit, before }: { limit: number; before?: number },
): Promise<LedgerEntry[]> {
  return db
    .select({
      seq: billingEntries.seq,
      kind: billingEntries.kind,
      amountMicros: billingEntries.amountMicros,
      balanceAfterMicros: billingEntries.balanceAfterMicros,
      what: billingEntries.what,
      createdAt: billingEntries.createdAt,
    })
    .from(billingEntries)
    .where(
      before === undefined
        ? eq(billingEntries.userId, userId)
        : and(eq(billingEntries.userId, userId), lt(billingEntries.seq, before)),
    )
    .orderBy(desc(billingEntries.seq))
    .limit(limit);
}
