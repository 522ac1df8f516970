import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { TestClient } from '../../../testing/test-client';
import { testDatabaseKinds } from '../../../testing/test-databases';

const kinds = await testDatabaseKinds();
const run = promisify(execFile);

async function balanceOf(client: TestClient): Promise<number> {
  return (await client.get('/api/user/balance')).body.balance as number;
}

describe.each(kinds)('admin credit grants on %s', (kind) => {
  let server: TestServer;
  let admin: TestClient;
  const adminEmail = `admin-${kind}@example.org`;

  beforeAll(async () => {
    server = await startTestServer(kind, { ADMIN_EMAILS: adminEmail });
    admin = new TestClient(server.url);
    await admin.signUp(adminEmail, undefined, 'Admin');
  });
  afterAll(() => server.close());

  async function newUser(email: string) {
    const client = new TestClient(server.url);
    await client.signUp(email);
    return client;
  }

  it('grants credit that stays free tier, and a recorded payment that lifts it', async () => {
    const email = `grantee-${kind}@example.org`;
    const user = await newUser(email);
    const granted = await admin.post('/api/admin/credit', {
      email: email.toUpperCase(),
      amount: '2.50',
      requestId: randomUUID(),
    });
    expect(granted.body).toEqual({ email, amount: 2.5, balance: 3.5, applied: true });
    expect(await balanceOf(user)).toBe(3.5);
    expect((await user.get('/api/billing/info')).body.isFreeTier).toBe(true);
    const history = await user.get('/api/user/billing-history');
    const [latest] = (history.body as unknown as { entries: { what: string }[] }).entries;
    expect(latest?.what).toBe(`Credit of $2.50 granted by ${adminEmail}`);

    await admin.post('/api/admin/credit', {
      email,
      amount: 10,
      paid: true,
      requestId: randomUUID(),
    });
    expect(await balanceOf(user)).toBe(13.5);
    expect((await user.get('/api/billing/info')).body.isFreeTier).toBe(false);
  });

  it('applies a double-submitted grant once', async () => {
    const email = `double-${kind}@example.org`;
    const user = await newUser(email);
    const requestId = randomUUID();
    await admin.post('/api/admin/credit', { email, amount: '5', requestId });
    const again = await admin.post('/api/admin/credit', { email, amount: '5', requestId });
    expect(again.body).toMatchObject({ applied: false, balance: 6 });
    expect(await balanceOf(user)).toBe(6);
  });

  it.each([
    ['-5', 'Amount cannot be negative'],
    ['0.001', 'Amount cannot contain a fraction of a cent'],
    ['ten', 'Amount must be a number of dollars, such as 10 or 2.50'],
    ['0', 'Amount must be more than $0'],
  ])('refuses the amount %s with a clear message', async (amount, message) => {
    const email = `refused-${kind}-${randomUUID()}@example.org`;
    const user = await newUser(email);
    const response = await admin.post('/api/admin/credit', {
      email,
      amount,
      requestId: randomUUID(),
    });
    expect(response).toMatchObject({ status: 400, body: { error: message } });
    expect(await balanceOf(user)).toBe(1);
  });

  it('refuses unknown accounts, non-admins, and lists accounts for the admin screen', async () => {
    const unknown = await admin.post('/api/admin/credit', {
      email: 'nobody@example.org',
      amount: 1,
      requestId: randomUUID(),
    });
    expect(unknown).toMatchObject({
      status: 404,
      body: { error: 'No account uses the e-mail address nobody@example.org' },
    });
    const email = `lister-${kind}@example.org`;
    const user = await newUser(email);
    const forbidden = await user.post('/api/admin/credit', {
      email,
      amount: 5,
      requestId: randomUUID(),
    });
    expect(forbidden).toMatchObject({
      status: 403,
      body: { error: 'Only administrators can do this' },
    });
    expect((await user.get('/api/admin/users')).status).toBe(403);
    expect(await balanceOf(user)).toBe(1);

    const list = await admin.get(`/api/admin/users?search=${encodeURIComponent('lister-')}`);
    expect(list.body).toEqual({
      users: [{ email, name: 'Test User', balance: 1, hasPaid: false }],
    });
    expect((await admin.get('/api/billing/info')).body).toMatchObject({
      isAdmin: true,
      isFreeTier: false,
    });
  });

  it.runIf(kind === 'postgres')(
    'grants from the command line',
    async () => {
      const email = `cli-${kind}@example.org`;
      const user = await newUser(email);
      const database = server.context.config.database;
      const env = {
        ...process.env,
        DATABASE_URL: database.kind === 'postgres' ? database.url : '',
        AUTH_SECRET: 'x'.repeat(40),
        LOG_LEVEL: 'silent',
      };
      const cli = ['--import', 'tsx', 'src/server/cli/credit-grant.ts'];
      const granted = await run('node', [...cli, email, '4.25'], { env });
      expect(granted.stdout.trim()).toBe(`Granted $4.25 to ${email}. New balance: $5.25.`);
      expect(await balanceOf(user)).toBe(5.25);

      const refused = await run('node', [...cli, email, '-3'], { env }).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(refused).toMatchObject({ code: 2, stderr: 'Refused: Amount cannot be negative\n' });
      expect(await balanceOf(user)).toBe(5.25);
    },
    60_000,
  );
});
