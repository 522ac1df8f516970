import {
  GENERIC_INSUFFICIENT_BALANCE,
  insufficientBalanceMessage,
  neededMicros,
} from '../../shared/billing/balance-rule';
import { microsToDollars } from '../../shared/billing/money';
import { HttpError } from '../http/http-error';

/**
 * A priced call the balance cannot pay: 402 with the spec's message (001 §8) and the
 * numbers the Insufficient Balance popover shows (balance, required, needed, in dollars), all
 * from the shared balance rule.
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
        needed: microsToDollars(neededMicros(balanceMicros, requiredMicros)),
      },
    );
    this.name = 'InsufficientBalanceError';
  }
}
