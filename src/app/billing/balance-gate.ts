import { DEFAULT_COST_PER_SECTION_USD, formatDollars } from '../../shared/billing/money';

export const GENERIC_INSUFFICIENT_BALANCE =
  'Insufficient balance. Please add funds to continue using AI features.';

export interface BalanceGate {
  /** False when billing is on and the balance is not above the cost per section (001 §6). */
  allowed: boolean;
  balance: number | null;
  costPerSection: number;
  /** The spec's message when not allowed (001 §8), else null. */
  message: string | null;
}

/**
 * Whether an AI action may start. `balance` null means not known yet (still loading), which
 * allows the action: the server refuses it with 402 anyway if it cannot be paid.
 */
export function balanceGate(
  billingEnabled: boolean,
  balance: number | null,
  costPerSection: number | null | undefined,
): BalanceGate {
  const cost = costPerSection ?? DEFAULT_COST_PER_SECTION_USD;
  if (!billingEnabled || balance === null || balance > cost) {
    return { allowed: true, balance, costPerSection: cost, message: null };
  }
  return {
    allowed: false,
    balance,
    costPerSection: cost,
    message:
      costPerSection === null || costPerSection === undefined
        ? GENERIC_INSUFFICIENT_BALANCE
        : `Insufficient balance. Your balance (${formatDollars(balance)}) is below the cost per section for this model (${formatDollars(cost)}). Please add funds to continue.`,
  };
}

/** What the popover shows as "needed": the difference to the required amount (as the API's 402). */
export function neededAmount(balance: number, required: number): number {
  return Math.max(0, Math.round((required - balance) * 1_000_000) / 1_000_000);
}
