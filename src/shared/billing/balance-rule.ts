import { formatDollars, microsToDollars } from './money';

/**
 * The one balance rule (001 §6), in micro-dollars, shared by the server's ledger and every
 * screen: a charge of a section needs the balance to be above its cost, so a balance equal to
 * the cost cannot pay. The ledger's conditional UPDATE (ledger.ts, debit) is this comparison
 * in SQL; the client's gates and popover use these functions, so what a screen says is what the
 * server enforces.
 */
export function balanceCovers(balanceMicros: number, costMicros: number): boolean {
  return balanceMicros > costMicros;
}

const CENT_MICROS = 10_000;

/**
 * The smallest top-up (whole cents, as credits are bought) after which the balance is above
 * the cost; 0 when it already is.
 */
export function neededMicros(balanceMicros: number, costMicros: number): number {
  if (balanceCovers(balanceMicros, costMicros)) return 0;
  return (Math.floor((costMicros - balanceMicros) / CENT_MICROS) + 1) * CENT_MICROS;
}

/**
 * How many sections in a row the balance pays for, each charge needing the balance above the
 * cost at that moment: the largest n with balance > n × cost. Infinity when sections are free.
 */
export function sectionsCovered(balanceMicros: number, costMicros: number): number {
  if (costMicros <= 0) return Number.POSITIVE_INFINITY;
  return Math.max(0, Math.ceil(balanceMicros / costMicros) - 1);
}

export const GENERIC_INSUFFICIENT_BALANCE =
  'Insufficient balance. Please add funds to continue using AI features.';

/**
 * 001 §8's message for a balance that cannot pay a section. A balance equal to the cost is not
 * "below" it, so that case says what the rule is instead of something untrue.
 */
export function insufficientBalanceMessage(balanceMicros: number, costMicros: number): string {
  const balance = formatDollars(microsToDollars(balanceMicros));
  const cost = formatDollars(microsToDollars(costMicros));
  const relation = balanceMicros < costMicros ? 'is below' : 'must be above';
  return `Insufficient balance. Your balance (${balance}) ${relation} the cost per section for this model (${cost}). Please add funds to continue.`;
}
