import { DEFAULT_COST_PER_SECTION_USD, dollarsToMicros } from '../../shared/billing/money';
import type { AppContext } from '../app-context';
import { balanceCovers } from '../../shared/billing/balance-rule';
import { InsufficientBalanceError } from './insufficient-balance';
import { readAccount, refundCharge, settleCharge, takeCharge } from './ledger';
import { ledgerOptions } from './ledger-options';

export type ChargeRequest = {
  userId: string;
  /** What the history shows, e.g. 'Rewrite of section 2.1 (gpt-4o-mini)'. */
  what: string;
  /**
   * Names the unit of work, e.g. `rewrite:<jobId>:<section>`: a retry of the same unit passes
   * the same key and is never charged twice.
   */
  idempotencyKey: string;
} & (
  | { amountMicros: number; costPerSection?: never }
  /** A model's cost_per_section in dollars; null or undefined means unknown (0.05). */
  | { costPerSection: number | null | undefined; amountMicros?: never }
);

export interface ChargeHandle {
  /** Micro-dollars taken for this work (0 when billing is off or it was paid before). */
  readonly amountMicros: number;
  /**
   * The work has produced something the user received (e.g. the first streamed text): from
   * now on a failure or cancel no longer refunds.
   */
  delivered(): void;
}

export function costPerSectionMicros(costPerSection: number | null | undefined): number {
  return dollarsToMicros(
    typeof costPerSection === 'number' && Number.isFinite(costPerSection) && costPerSection >= 0
      ? costPerSection
      : DEFAULT_COST_PER_SECTION_USD,
  );
}

/**
 * Refuses work that queues charges (a structure, a writing job) before it starts unless the
 * balance is above one section's price: the ledger's own rule, checked up front so the user
 * hears it at once rather than from a failed job.
 */
export async function requireBalanceAbove(
  context: Pick<AppContext, 'config' | 'database'>,
  userId: string,
  costPerSection: number | null | undefined,
): Promise<void> {
  const costMicros = costPerSectionMicros(costPerSection);
  if (!context.config.billing.enabled || costMicros === 0) return;
  const account = await readAccount(context.database.db, userId, ledgerOptions(context.config));
  if (!balanceCovers(account.balanceMicros, costMicros)) {
    throw new InsufficientBalanceError(account.balanceMicros, costMicros, true);
  }
}

/** A charge taken and held until the work settles or refunds it. */
export interface HeldCharge {
  amountMicros: number;
  generation: number;
}

/**
 * Takes the charge for `request` (402 InsufficientBalanceError when the balance cannot pay);
 * null when there is nothing to pay: billing is off, the price is zero, or this unit of work
 * was paid before.
 */
export async function holdCharge(
  context: Pick<AppContext, 'config' | 'database'>,
  request: ChargeRequest,
): Promise<HeldCharge | null> {
  const perSection = request.amountMicros === undefined;
  const amountMicros = request.amountMicros ?? costPerSectionMicros(request.costPerSection);
  if (!context.config.billing.enabled || amountMicros === 0) return null;
  const taken = await takeCharge(
    context.database.db,
    {
      userId: request.userId,
      unitKey: request.idempotencyKey,
      amountMicros,
      what: request.what,
      perSection,
    },
    ledgerOptions(context.config),
  );
  return taken.status === 'already-settled' ? null : { amountMicros, generation: taken.generation };
}

/**
 * Runs priced work: the charge is taken first (402 InsufficientBalanceError when the balance
 * cannot pay, and then `work` never starts), settled when `work` resolves, and refunded when
 * it throws or is cancelled before calling `delivered()`. A crash in between leaves the charge
 * held; the hold sweeper refunds it, or a retry with the same key reuses it.
 */
export async function withCharge<T>(
  context: Pick<AppContext, 'config' | 'database'>,
  request: ChargeRequest,
  work: (charge: ChargeHandle) => Promise<T>,
): Promise<T> {
  const held = await holdCharge(context, request);
  if (!held) return work({ amountMicros: 0, delivered: () => undefined });
  const db = context.database.db;
  let delivered = false;
  const handle: ChargeHandle = {
    amountMicros: held.amountMicros,
    delivered: () => {
      delivered = true;
    },
  };
  let result: T;
  try {
    result = await work(handle);
  } catch (error) {
    if (delivered) await settleCharge(db, request.idempotencyKey, held.generation);
    else await refundCharge(db, request.idempotencyKey, held.generation);
    throw error;
  }
  await settleCharge(db, request.idempotencyKey, held.generation);
  return result;
}
