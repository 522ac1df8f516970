import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import type { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';

const kinds = await testDatabaseKinds();

async function balanceOf(client: TestClient): Promise<number> {
  return (await client.get('/api/user/balance')).body.balance as number;
}

async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition never met');
}

describe.each(kinds)('charged AI streams on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('keeps the charge of a stream that finished', async () => {
    const client = await server.signedInClient();
    const response = await client.post('/api/test/billing/stream', { key: 's1' });
    expect(response.status).toBe(200);
    expect(response.text).toBe('[PART:content]One section of text.[STATUS:FINISHED]');
    await eventually(async () => (await balanceOf(client)) === 0.95);
  });

  it('refunds a stream that ended with an error marker', async () => {
    const client = await server.signedInClient();
    const response = await client.post('/api/test/billing/stream', { key: 's2', outcome: 'error' });
    expect(response.text).toContain('[STATUS:ERROR:Provider%20failed]');
    await eventually(async () => (await balanceOf(client)) === 1);
    const history = await client.get('/api/user/billing-history');
    const entries = (history.body as unknown as { entries: { kind: string; what: string }[] })
      .entries;
    expect(entries.slice(0, 2).map((entry) => entry.kind)).toEqual(['refund', 'charge']);
  });

  it('refunds a stream the client abandoned before it finished', async () => {
    const client = await server.signedInClient();
    expect(await balanceOf(client)).toBe(1);
    const controller = new AbortController();
    const response = await fetch(`${server.url}/api/test/billing/stream`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.url,
        cookie: client.cookieHeader(),
      },
      body: JSON.stringify({ key: 's3', delayMs: 500 }),
      signal: controller.signal,
    });
    const reader = response.body?.getReader();
    await reader?.read();
    controller.abort();
    await eventually(async () => (await balanceOf(client)) === 1);
  });

  it('answers 402 as JSON before streaming when the balance cannot pay', async () => {
    const client = await server.signedInClient();
    await client.post('/api/test/billing/charge', { key: 'drain', amountMicros: 970_000 });
    const response = await client.post('/api/test/billing/stream', { key: 's4' });
    expect(response.status).toBe(402);
    expect(response.body).toMatchObject({
      error:
        'Insufficient balance. Your balance ($0.03) is below the cost per section for this model ($0.05). Please add funds to continue.',
    });
  });
});
