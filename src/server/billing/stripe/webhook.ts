import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/database';
import { billingCheckouts, billingStripeEvents } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { formatDollars, microsToDollars } from '../../../shared/billing/money';
import { credit, type LedgerOptions } from '../ledger';
import { centsOf } from './checkout';

/** Events that can mean a Checkout session was paid (card payments, then delayed methods). */
const PAID_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

export type WebhookOutcome = 'credited' | 'not-paid' | 'ignored';

/**
 * Applies one Stripe webhook delivery. The signature is checked on the raw body (which also
 * rejects timestamps older than five minutes); an event id seen before, or a session this
 * server did not create, is refused with 400 and changes nothing. The amount credited is the
 * one recorded at checkout, and only after Stripe confirms the session is paid.
 */
export async function applyStripeWebhook(
  stripe: Stripe,
  db: Db,
  webhookSecret: string,
  ledger: LedgerOptions,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  if (!signature) throw new HttpError(400, 'Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch (error) {
    throw new HttpError(400, `Invalid webhook: ${(error as Error).message}`);
  }

  const [seen] = await db
    .select()
    .from(billingStripeEvents)
    .where(eq(billingStripeEvents.eventId, event.id));
  if (seen) throw new HttpError(400, 'Event already processed');
  if (!PAID_EVENTS.has(event.type)) return 'ignored';

  const sessionId = (event.data.object as { id?: unknown }).id;
  if (typeof sessionId !== 'string') throw new HttpError(400, 'Event has no checkout session');
  const [checkout] = await db
    .select()
    .from(billingCheckouts)
    .where(eq(billingCheckouts.sessionId, sessionId));
  if (!checkout) throw new HttpError(400, 'Unknown checkout session');

  // Ask Stripe itself rather than trusting the event's copy of the session.
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  if (
    session.client_reference_id !== checkout.userId ||
    (session.amount_total !== null && session.amount_total !== centsOf(checkout.amountMicros))
  ) {
    throw new HttpError(400, 'Checkout session does not match the one created');
  }
  const paid = session.payment_status === 'paid';
  if (paid) {
    await credit(
      db,
      {
        userId: checkout.userId,
        kind: 'top_up',
        amountMicros: checkout.amountMicros,
        what: `Top-up of ${formatDollars(microsToDollars(checkout.amountMicros))} (Stripe)`,
        // Per session, so 'completed' and 'async_payment_succeeded' never both credit.
        idempotencyKey: `stripe-session:${sessionId}`,
      },
      ledger,
    );
  }
  await db.insert(billingStripeEvents).values({ eventId: event.id }).onConflictDoNothing();
  return paid ? 'credited' : 'not-paid';
}
