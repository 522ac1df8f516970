import type Stripe from 'stripe';
import type { BillingConfig } from '../../config/config';

type StripeSettings = NonNullable<BillingConfig['stripe']>;

/**
 * The real Stripe SDK, loaded only where Stripe is configured; STRIPE_API_BASE points it at
 * another server (a local fake in tests).
 */
export async function createStripeClient(settings: StripeSettings): Promise<Stripe> {
  const { default: Stripe } = await import('stripe');
  if (!settings.apiBase) return new Stripe(settings.secretKey, { maxNetworkRetries: 2 });
  const base = new URL(settings.apiBase);
  return new Stripe(settings.secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'http:' ? 80 : 443),
    protocol: base.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 0,
    telemetry: false,
  });
}
