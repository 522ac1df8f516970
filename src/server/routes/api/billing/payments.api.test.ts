import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from '../../../billing/stripe/testing/fake-stripe';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';

const kinds = await testDatabaseKinds();
const SECRET_KEY = 'sk_test_scriptor_fake';
const WEBHOOK_SECRET = 'whsec_scriptor_test_secret';
const stripe = new Stripe(SECRET_KEY);

let eventCounter = 0;

function checkoutEvent(sessionId: string, type = 'checkout.session.completed') {
  eventCounter += 1;
  return JSON.stringify({
    id: `evt_test_${eventCounter}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object: { id: sessionId, object: 'checkout.session', payment_status: 'paid' } },
  });
}

/** Posts like Stripe does: no session cookie, no Origin, the signature header on raw bytes. */
async function deliver(server: TestServer, payload: string, signature?: string) {
  const response = await fetch(`${server.url}/api/payments/stripe-webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature':
        signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function balanceOf(client: TestClient): Promise<number> {
  return (await client.get('/api/user/balance')).body.balance as number;
}

describe.each(kinds)('Stripe payments on %s', (kind) => {
  let server: TestServer;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;

  beforeAll(async () => {
    fake = await startFakeStripe(SECRET_KEY);
    server = await startTestServer(kind, {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      TOP_UP_AMOUNTS_USD: '5,10,20',
    });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  async function checkout(client: TestClient, amountIndex: number) {
    const response = await client.post('/api/payments/checkout', { amountIndex });
    expect(response.status).toBe(200);
    const url = response.body.url as string;
    const sessionId = url.split('/').at(-1) ?? '';
    return { url, sessionId };
  }

  it('creates a Checkout session for an amount from the list only', async () => {
    const client = await server.signedInClient();
    const { url, sessionId } = await checkout(client, 1);
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const form = fake.created.at(-1);
    expect(form?.get('mode')).toBe('payment');
    expect(form?.get('line_items[0][price_data][unit_amount]')).toBe('1000');
    expect(form?.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form?.get('success_url')).toBe(`${server.url}/?payment=success`);
    expect((await client.post('/api/payments/checkout', { amountIndex: 3 })).body).toEqual({
      error: 'Choose one of the offered amounts',
    });
    expect((await client.post('/api/payments/checkout', { amount: 7 })).status).toBe(400);
    expect((await client.get('/api/billing/info')).body).toMatchObject({
      enabled: true,
      payments: 'stripe',
      topUpAmounts: [5, 10, 20],
      isFreeTier: true,
    });
  });

  it('credits a paid session once from the signed webhook and lifts the free tier', async () => {
    const client = await server.signedInClient();
    const { sessionId } = await checkout(client, 2);
    fake.pay(sessionId);
    const payload = checkoutEvent(sessionId);
    expect(await deliver(server, payload)).toEqual({
      status: 200,
      body: { received: true, outcome: 'credited' },
    });
    expect(await balanceOf(client)).toBe(21);
    expect((await client.get('/api/billing/info')).body.isFreeTier).toBe(false);

    // The same event again (a replay) changes nothing.
    const replay = await deliver(server, payload);
    expect(replay).toEqual({ status: 400, body: { error: 'Event already processed' } });
    // Another event for the same session (async success after completed) credits nothing more.
    const second = await deliver(
      server,
      checkoutEvent(sessionId, 'checkout.session.async_payment_succeeded'),
    );
    expect(second.status).toBe(200);
    expect(await balanceOf(client)).toBe(21);
    const history = await client.get('/api/user/billing-history');
    const entries = (history.body as unknown as { entries: { kind: string; what: string }[] })
      .entries;
    expect(entries[0]).toMatchObject({ kind: 'top_up', what: 'Top-up of $20.00 (Stripe)' });
  });

  it('waits for payment: an unpaid session is acknowledged but not credited', async () => {
    const client = await server.signedInClient();
    const { sessionId } = await checkout(client, 0);
    expect(await deliver(server, checkoutEvent(sessionId))).toEqual({
      status: 200,
      body: { received: true, outcome: 'not-paid' },
    });
    expect(await balanceOf(client)).toBe(1);
    fake.pay(sessionId);
    await deliver(server, checkoutEvent(sessionId, 'checkout.session.async_payment_succeeded'));
    expect(await balanceOf(client)).toBe(6);
  });

  it('refuses a wrong signature, an old timestamp and an unknown session', async () => {
    const client = await server.signedInClient();
    const { sessionId } = await checkout(client, 0);
    fake.pay(sessionId);
    const payload = checkoutEvent(sessionId);

    const forged = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_someone_else',
    });
    const wrong = await deliver(server, payload, forged);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatch(/^Invalid webhook: No signatures found matching/);

    const old = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    const stale = await deliver(server, payload, old);
    expect(stale.status).toBe(400);
    expect(stale.body.error).toMatch(/Timestamp outside the tolerance zone/);

    const tampered = payload.replace(sessionId, 'cs_test_999999');
    const signedForOriginal = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
    });
    expect((await deliver(server, tampered, signedForOriginal)).status).toBe(400);

    const unknown = await deliver(server, checkoutEvent('cs_test_not_ours'));
    expect(unknown).toEqual({ status: 400, body: { error: 'Unknown checkout session' } });

    const missing = await fetch(`${server.url}/api/payments/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect(missing.status).toBe(400);
    expect(await balanceOf(client)).toBe(1);

    // The genuine delivery still works afterwards.
    expect((await deliver(server, payload)).body.outcome).toBe('credited');
    expect(await balanceOf(client)).toBe(6);
  });

  it('ignores event types it does not handle', async () => {
    const payload = JSON.stringify({
      id: 'evt_other_1',
      object: 'event',
      type: 'customer.created',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    expect(await deliver(server, payload)).toEqual({
      status: 200,
      body: { received: true, outcome: 'ignored' },
    });
  });
});

describe.each(kinds)('payments without Stripe on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('explains that payments are off and has no webhook', async () => {
    const client = await server.signedInClient();
    const response = await client.post('/api/payments/checkout', { amountIndex: 0 });
    expect(response).toMatchObject({
      status: 409,
      body: {
        error:
          'Payments are not enabled on this server. Ask an administrator to add credit to your account.',
      },
    });
    expect((await client.get('/api/billing/info')).body).toMatchObject({ payments: 'manual' });
    const webhook = await fetch(`${server.url}/api/payments/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(webhook.status).toBe(404);
  });
});
