import { formatDollars, microsToDollars } from '../../shared/billing/money';
import { HttpError } from '../http/http-error';

export const GENERIC_INSUFFICIENT_BALANCE =
  'Insufficient balance. Please add funds to continue using AI features.';

export function insufficientBalanceMessage(balanceMicros: number, costMicros: number): string {
  return (
    `Insufficient balance. Your balance (${formatDollars(microsToDollars(balanceMicros))}) is ` +
    `below the cost per section for this model (${formatDollars(microsToDollars(costMicros))}). ` +
    'Please add funds to continue.'
  );
}

/**
 * A priced call the balance cannot pay: 402 with the spec's message (001 §8) and the
 * numbers the Insufficient Balance popover shows (balance, required, needed, in dollars).
 */
export class InsufficientBalanceError extends HttpError {
  constructor(balanceMicros: number, requiredMicros: number, perSection: boolean) {
    super(
      402,
      perSection
        ? insufficientBalanceMessage(balanceMicros, requiredMicros)
        : GENERIC_INSUFFICIENT_BALANCE,
      {
        balance: microsToDollars(balanceMicros),
        required: microsToDollars(requiredMicros),
        needed: microsToDollars(Math.max(0, requiredMicros - balanceMicros)),
      },
    );
    this.name = 'InsufficientBalanceError';
  }
}
