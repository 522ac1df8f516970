import type Stripe from 'stripe';
import type { Db } from '../../db/database';
import { billingCheckouts } from '../../db/schema';
import { HttpError } from '../../http/http-error';

const MICROS_PER_CENT = 10_000;

export interface CheckoutRequest {
  userId: string;
  email: string;
  /** Index into TOP_UP_AMOUNTS_USD: the client never names a free amount. */
  amountIndex: number;
  /** Where Stripe sends the browser back, e.g. https://scriptor.example.org */
  returnBase: string;
}

/**
 * Creates a Stripe Checkout session for one of the configured top-up amounts and remembers
 * it: the webhook credits only sessions this server created, with the amount recorded here.
 */
export async function createCheckout(
  stripe: Stripe,
  db: Db,
  amountsMicros: number[],
  request: CheckoutRequest,
): Promise<{ url: string; sessionId: string }> {
  const amountMicros = amountsMicros[request.amountIndex];
  if (amountMicros === undefined) throw new HttpError(400, 'Choose one of the offered amounts');
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: amountMicros / MICROS_PER_CENT,
          product_data: { name: 'Scriptor credit' },
        },
      },
    ],
    client_reference_id: request.userId,
    customer_email: request.email,
    metadata: { userId: request.userId },
    success_url: `${request.returnBase}/?payment=success`,
    cancel_url: `${request.returnBase}/?payment=cancelled`,
  });
  if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
  await db.insert(billingCheckouts).values({
    sessionId: session.id,
    userId: request.userId,
    amountMicros,
  });
  return { url: session.url, sessionId: session.id };
}

export function centsOf(micros: number): number {
  return micros / MICROS_PER_CENT;
}
