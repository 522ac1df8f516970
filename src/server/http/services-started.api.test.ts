import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server';

/**
 * `npm start` listens before its services have started (main.ts): the page and the health check
 * answer meanwhile, and every other API request waits for the services instead of failing.
 */
describe('requests while the services start', () => {
  let server: TestServer;
  let clientDir: string;
  let servicesStart: () => void;
  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'scriptor-client-'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Scriptor</title>');
    const servicesStarted = new Promise<void>((resolve) => (servicesStart = resolve));
    server = await startTestServer('pglite', {}, { clientDir, servicesStarted });
  });
  afterAll(async () => {
    servicesStart();
    await server.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('answers the page and the health check at once, and the API once started', async () => {
    let answered = false;
    const pricing = fetch(`${server.url}/api/pricing`).then((response) => {
      answered = true;
      return response;
    });
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Scriptor</title>');
    const signIn = await fetch(`${server.url}/auth/signin`);
    expect(signIn.status).toBe(200);
    const health = await fetch(`${server.url}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    // Both answers above were sent after the pricing request, which still waits.
    expect(answered).toBe(false);

    servicesStart();
    const response = await pricing;
    expect(response.status).toBe(200);
    expect(answered).toBe(true);
  });
});
