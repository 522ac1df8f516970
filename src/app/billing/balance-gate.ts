import {
  balanceCovers,
  GENERIC_INSUFFICIENT_BALANCE,
  insufficientBalanceMessage,
  neededMicros,
  sectionsCovered,
} from '../../shared/billing/balance-rule';
import {
  DEFAULT_COST_PER_SECTION_USD,
  dollarsToMicros,
  microsToDollars,
} from '../../shared/billing/money';

export interface BalanceGate {
  /** False when billing is on and the balance is not above the cost per section (001 §6). */
  allowed: boolean;
  balance: number | null;
  costPerSection: number;
  /** The spec's message when not allowed (001 §8), else null. */
  message: string | null;
  /**
   * How many sections in a row the balance pays for (the shared balance rule); Infinity when
   * billing is off or the balance is not known yet.
   */
  sectionsCovered: number;
}

/**
 * Whether an AI action may start, by the server's own rule (shared/billing/balance-rule.ts).
 * `balance` null means not known yet (still loading), which allows the action: the server
 * refuses it with 402 anyway if it cannot be paid.
 */
export function balanceGate(
  billingEnabled: boolean,
  balance: number | null,
  costPerSection: number | null | undefined,
): BalanceGate {
  const cost = costPerSection ?? DEFAULT_COST_PER_SECTION_USD;
  if (!billingEnabled || balance === null) {
    return {
      allowed: true,
      balance,
      costPerSection: cost,
      message: null,
      sectionsCovered: Number.POSITIVE_INFINITY,
    };
  }
  const balanceMicros = dollarsToMicros(balance);
  const costMicros = dollarsToMicros(cost);
  const covered = sectionsCovered(balanceMicros, costMicros);
  if (balanceCovers(balanceMicros, costMicros)) {
    return {
      allowed: true,
      balance,
      costPerSection: cost,
      message: null,
      sectionsCovered: covered,
    };
  }
  return {
    allowed: false,
    balance,
    costPerSection: cost,
    sectionsCovered: covered,
    message:
      costPerSection === null || costPerSection === undefined
        ? GENERIC_INSUFFICIENT_BALANCE
        : insufficientBalanceMessage(balanceMicros, costMicros),
  };
}

/** What the popover shows as "needed": the same amount as the API's 402 (the balance rule). */
export function neededAmount(balance: number, required: number): number {
  return microsToDollars(neededMicros(dollarsToMicros(balance), dollarsToMicros(required)));
}
