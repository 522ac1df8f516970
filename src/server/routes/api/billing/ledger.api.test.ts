import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHoldSweeper } from '../../../billing/hold-sweeper';
import { InsufficientBalanceError } from '../../../billing/insufficient-balance';
import { takeCharge } from '../../../billing/ledger';
import { withCharge } from '../../../billing/with-charge';
import { billingAccounts, billingCharges, billingEntries } from '../../../db/schema';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';

const kinds = await testDatabaseKinds();

async function userIdOf(client: TestClient): Promise<string> {
  const me = await client.get('/api/me');
  return (me.body.user as { id: string }).id;
}

async function balanceOf(client: TestClient): Promise<number> {
  return (await client.get('/api/user/balance')).body.balance as number;
}

interface HistoryLine {
  kind: string;
  what: string;
  amount: number;
  balanceAfter: number;
  date: string;
}

async function historyOf(client: TestClient): Promise<HistoryLine[]> {
  const { body } = await client.get('/api/user/billing-history?limit=200');
  return (body as unknown as { entries: HistoryLine[] }).entries;
}

describe.each(kinds)('ledger on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { STARTING_CREDIT_USD: '1.00' });
  });
  afterAll(() => server.close());

  it('gives a new account its starting credit once, as the first history entry', async () => {
    const client = await server.signedInClient();
    expect(await client.get('/api/user/balance')).toMatchObject({
      status: 200,
      body: { balance: 1 },
    });
    expect(await balanceOf(client)).toBe(1);
    const history = await historyOf(client);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      kind: 'grant',
      what: 'Starting credit',
      amount: 1,
      balanceAfter: 1,
    });
    expect(Number.isNaN(Date.parse(history[0]?.date ?? ''))).toBe(false);
  });

  it('charges the cost per section, 0.05 when the model cost is unknown', async () => {
    const client = await server.signedInClient();
    expect(
      (await client.post('/api/test/billing/charge', { key: 'a', costPerSection: 0.015 })).body,
    ).toEqual({ charged: 15_000 });
    expect(
      (await client.post('/api/test/billing/charge', { key: 'b', costPerSection: null })).body,
    ).toEqual({ charged: 50_000 });
    expect(await balanceOf(client)).toBe(0.935);
    const history = await historyOf(client);
    expect(history.map((entry) => [entry.kind, entry.amount, entry.balanceAfter])).toEqual([
      ['charge', -0.05, 0.935],
      ['charge', -0.015, 0.985],
      ['grant', 1, 1],
    ]);
  });

  it('refunds a failed piece of work and records both entries', async () => {
    const client = await server.signedInClient();
    const failed = await client.post('/api/test/billing/charge', { key: 'f', fail: true });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ error: 'Planned failure' });
    expect(await balanceOf(client)).toBe(1);
    const history = await historyOf(client);
    expect(history.slice(0, 2).map((entry) => [entry.kind, entry.what, entry.amount])).toEqual([
      ['refund', 'Refund: Test work', 0.05],
      ['charge', 'Test work', -0.05],
    ]);
    // The same unit retried after the refund is charged anew, once.
    expect((await client.post('/api/test/billing/charge', { key: 'f' })).status).toBe(200);
    expect(await balanceOf(client)).toBe(0.95);
  });

  it('never charges the same idempotency key twice once the work was delivered', async () => {
    const client = await server.signedInClient();
    const first = await client.post('/api/test/billing/charge', {
      key: 'same',
      amountMicros: 300_000,
    });
    const again = await client.post('/api/test/billing/charge', {
      key: 'same',
      amountMicros: 300_000,
    });
    expect(first.body).toEqual({ charged: 300_000 });
    expect(again.body).toEqual({ charged: 0 });
    expect(await balanceOf(client)).toBe(0.7);
    expect((await historyOf(client)).filter((entry) => entry.kind === 'charge')).toHaveLength(1);
  });

  it('answers 402 with the spec message and never goes below zero', async () => {
    const client = await server.signedInClient();
    expect(
      (await client.post('/api/test/billing/charge', { key: 'big', amountMicros: 980_000 })).status,
    ).toBe(200);
    const refused = await client.post('/api/test/billing/charge', {
      key: 'next',
      costPerSection: 0.05,
    });
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      error:
        'Insufficient balance. Your balance ($0.02) is below the cost per section for this model ($0.05). Please add funds to continue.',
      balance: 0.02,
      required: 0.05,
      needed: 0.04,
    });
    const generic = await client.post('/api/test/billing/charge', {
      key: 'batch',
      amountMicros: 40_000,
    });
    expect(generic.status).toBe(402);
    expect(generic.body.error).toBe(
      'Insufficient balance. Please add funds to continue using AI features.',
    );
    expect(await balanceOf(client)).toBe(0.02);
  });

  it('lets exactly the affordable number of 1,000 concurrent charges succeed', async () => {
    const client = await server.signedInClient();
    const userId = await userIdOf(client);
    const price = 7_000;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 1000 }, (_, index) =>
        withCharge(
          server.context,
          { userId, what: 'Concurrent', idempotencyKey: `c${index}`, amountMicros: price },
          async () => 'done',
        ),
      ),
    );
    const ok = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    const refused = outcomes.filter(
      (outcome) =>
        outcome.status === 'rejected' && outcome.reason instanceof InsufficientBalanceError,
    ).length;
    expect(ok).toBe(Math.floor(1_000_000 / price));
    expect(refused).toBe(1000 - ok);
    const [account] = await server.context.database.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.userId, userId));
    expect(account?.balanceMicros).toBe(1_000_000 - ok * price);
    const entries = await server.context.database.db
      .select()
      .from(billingEntries)
      .where(eq(billingEntries.userId, userId));
    expect(entries).toHaveLength(ok + 1);
    expect(entries.reduce((sum, entry) => sum + entry.amountMicros, 0)).toBe(
      account?.balanceMicros,
    );
    expect(Math.min(...entries.map((entry) => entry.balanceAfterMicros))).toBe(
      1_000_000 - ok * price,
    );
  }, 120_000);

  it('serves 200 concurrent charge requests through the API without overspending', async () => {
    const client = await server.signedInClient();
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        client.post('/api/test/billing/charge', { key: `h${index}`, amountMicros: 30_000 }),
      ),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(33);
    expect(results.filter((result) => result.status === 402)).toHaveLength(167);
    expect(await balanceOf(client)).toBe(0.01);
  }, 120_000);

  it('charges one of many concurrent requests with the same key', async () => {
    const client = await server.signedInClient();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.post('/api/test/billing/charge', { key: 'dup', amountMicros: 100_000, workMs: 50 }),
      ),
    );
    expect(results.every((result) => result.status === 200)).toBe(true);
    expect(await balanceOf(client)).toBe(0.9);
  });

  it('refunds a charge whose work died with its process, at the next start or sweep', async () => {
    const client = await server.signedInClient();
    await balanceOf(client);
    const userId = await userIdOf(client);
    const { db } = server.context.database;
    const options = { startingCreditMicros: 1_000_000 };
    const taken = await takeCharge(
      db,
      { userId, unitKey: 'crash', amountMicros: 50_000, what: 'Interrupted', perSection: true },
      options,
    );
    expect(taken).toEqual({ status: 'charged', generation: 1 });
    expect(await balanceOf(client)).toBe(0.95);
    // A retry by the queue with the same key reuses the hold instead of charging again.
    const retried = await takeCharge(
      db,
      { userId, unitKey: 'crash', amountMicros: 50_000, what: 'Interrupted', perSection: true },
      options,
    );
    expect(retried).toEqual({ status: 'reused', generation: 1 });
    expect(await balanceOf(client)).toBe(0.95);

    if (kind === 'postgres') {
      // Other processes may be alive: a fresh hold is left alone, an hour-old one refunded.
      (await startHoldSweeper(server.context.database, () => undefined))();
      expect(await balanceOf(client)).toBe(0.95);
      await db
        .update(billingCharges)
        .set({ heldAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
        .where(eq(billingCharges.unitKey, 'crash'));
    }
    (await startHoldSweeper(server.context.database, () => undefined))();
    expect(await balanceOf(client)).toBe(1);
    const [unit] = await db
      .select()
      .from(billingCharges)
      .where(eq(billingCharges.unitKey, 'crash'));
    expect(unit?.state).toBe('refunded');
  });

  it('keeps entries of other users private and requires a session', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/user/balance')).status).toBe(401);
    expect((await anonymous.get('/api/user/billing-history')).status).toBe(401);
    const one = await server.signedInClient();
    await one.post('/api/test/billing/charge', { key: 'private' });
    const other = await server.signedInClient();
    expect((await historyOf(other)).map((entry) => entry.what)).toEqual(['Starting credit']);
  });
});

describe.each(kinds)('BILLING=off on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { BILLING: 'off' });
  });
  afterAll(() => server.close());

  it('charges nothing and reports billing disabled', async () => {
    const client = await server.signedInClient();
    const result = await client.post('/api/test/billing/charge', {
      key: 'free',
      amountMicros: 5_000_000,
    });
    expect(result.body).toEqual({ charged: 0 });
    expect((await client.get('/api/billing/info')).body).toMatchObject({
      enabled: false,
      isFreeTier: false,
    });
  });
});
