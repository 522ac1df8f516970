import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { ledgerOptions } from '../../../billing/ledger-options';
import { createStripeClient } from '../../../billing/stripe/stripe-client';
import { applyStripeWebhook } from '../../../billing/stripe/webhook';
import { HttpError } from '../../../http/http-error';

/**
 * POST /api/payments/stripe-webhook. Stripe calls it without a session or a browser Origin, so
 * it is registered outside the private scope; its signature is the authentication. The body
 * is kept raw (this plugin's own JSON parser) because the signature covers the exact bytes.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<AppContext> = async (
  app,
  { config, database },
) => {
  const settings = config.billing.stripe;
  const stripe =
    settings && config.billing.enabled ? await createStripeClient(settings) : undefined;

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post('/payments/stripe-webhook', { bodyLimit: 1024 * 1024 }, async (request) => {
    if (!stripe || !settings) throw new HttpError(404, 'Payments are not enabled on this server');
    if (!Buffer.isBuffer(request.body)) throw new HttpError(400, 'Expected a JSON body');
    const signature = request.headers['stripe-signature'];
    const outcome = await applyStripeWebhook(
      stripe,
      database.db,
      settings.webhookSecret,
      ledgerOptions(config),
      request.body,
      typeof signature === 'string' ? signature : undefined,
    );
    return { received: true, outcome };
  });
};
