import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { user } from '../db/schema';
import { HttpError } from '../http/http-error';
import { formatDollars, microsToDollars, parseDollarAmount } from '../../shared/billing/money';
import { credit, type LedgerOptions } from './ledger';

export interface GrantRequest {
  email: string;
  /** Dollars as typed: '10', '2.50'. Refused when negative, fractional-cent or not a number. */
  amount: string | number;
  /** Money received outside Stripe (an invoice, a grant budget): lifts the free tier. */
  paid: boolean;
  grantedBy: string;
  /** Makes a double-submitted grant apply once. */
  requestId: string;
}

export interface GrantResult {
  email: string;
  amount: number;
  balance: number;
  applied: boolean;
}

/** An administrator's credit for a user, shared by the admin screen and `npm run credit:grant`. */
export async function grantCredit(
  db: Db,
  ledger: LedgerOptions,
  request: GrantRequest,
): Promise<GrantResult> {
  const parsed = parseDollarAmount(request.amount);
  if (!parsed.ok) throw new HttpError(400, parsed.error);
  const email = request.email.trim().toLowerCase();
  const [target] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email));
  if (!target) throw new HttpError(404, `No account uses the e-mail address ${email}`);
  const dollars = formatDollars(microsToDollars(parsed.micros));
  const outcome = await credit(
    db,
    {
      userId: target.id,
      kind: request.paid ? 'top_up' : 'grant',
      amountMicros: parsed.micros,
      what: request.paid
        ? `Payment of ${dollars} recorded by ${request.grantedBy}`
        : `Credit of ${dollars} granted by ${request.grantedBy}`,
      idempotencyKey: `admin-grant:${request.requestId}`,
    },
    ledger,
  );
  return {
    email: target.email,
    amount: microsToDollars(parsed.micros),
    balance: microsToDollars(outcome.balanceMicros),
    applied: outcome.applied,
  };
}
