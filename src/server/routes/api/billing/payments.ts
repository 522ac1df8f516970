import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../app-context';
import { createCheckout } from '../../../billing/stripe/checkout';
import { createStripeClient } from '../../../billing/stripe/stripe-client';
import { HttpError, parseWith } from '../../../http/http-error';
import { checkoutBody } from './schema';

export const PAYMENTS_NOT_CONFIGURED =
  'Payments are not enabled on this server. Ask an administrator to add credit to your account.';

function returnBase(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

/** Top Up through Stripe Checkout: the browser is sent to the returned URL. */
export const paymentRoutes: FastifyPluginAsync<AppContext> = async (app, { config, database }) => {
  const settings = config.billing.stripe;
  const stripe =
    settings && config.billing.enabled ? await createStripeClient(settings) : undefined;

  app.post('/payments/checkout', async (request) => {
    if (!stripe) throw new HttpError(409, PAYMENTS_NOT_CONFIGURED);
    const { amountIndex } = parseWith(checkoutBody, request.body);
    const checkout = await createCheckout(stripe, database.db, config.billing.topUpAmountsMicros, {
      userId: request.user.id,
      email: request.user.email,
      amountIndex,
      returnBase: returnBase(request, config.publicUrl),
    });
    return { url: checkout.url };
  });
};
