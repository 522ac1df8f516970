import type { LedgerEntry } from '../billing/ledger';
import { microsToDollars } from '../../shared/billing/money';

/** One line of a user's billing history: date, what, amount and balance after, in dollars. */
export function presentBillingEntry(entry: LedgerEntry) {
  return {
    id: entry.seq,
    date: entry.createdAt.toISOString(),
    kind: entry.kind,
    what: entry.what,
    amount: microsToDollars(entry.amountMicros),
    balanceAfter: microsToDollars(entry.balanceAfterMicros),
  };
}
