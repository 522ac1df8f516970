import path from 'node:path';
import type { ConsoleMessage } from '@playwright/test';
import { WALKTHROUGH_STEPS } from '../../src/app/first-contact/walkthrough/walkthrough-steps';
import type { ServerProcess } from '../../src/server/testing/server-process';
import { startNarrativeModel } from '../../scripts/narrative/fake-model';
import { prepareAccount, startNarrativeApp } from '../../scripts/narrative/narrative-app';
import { CAPTURES } from '../../scripts/narrative/steps';
import { Timeline } from '../../scripts/narrative/video';
import { expect, test, watchPageErrors } from './page-test';

/**
 * Issue 33's final condition: a person walks the 16 steps of the walkthrough (002 §4: Add Paper
 * to the exports) at 1024×768 and 1440×900, and the page shows no uncaught error and logs no
 * console error. The steps are the walkthrough generator's own (scripts/narrative/steps.ts), on
 * its server and fake model; page-test.ts fails the test on an uncaught page error.
 */

test.describe.configure({ mode: 'serial', timeout: 600_000 });

let model: Awaited<ReturnType<typeof startNarrativeModel>>;
let server: ServerProcess;

test.beforeAll(async () => {
  test.setTimeout(400_000);
  model = await startNarrativeModel();
  server = await startNarrativeApp(
    model.baseUrl,
    path.join('.tmp', `e2e-walkthrough-${process.pid}`),
  );
});

test.afterAll(async () => {
  await server?.stop();
  await model?.close();
});

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
]) {
  test(`the 16 walkthrough steps at ${viewport.width}×${viewport.height} raise no page or console error`, async ({
    browser,
  }) => {
    const storageState = await prepareAccount(
      browser,
      server.url,
      viewport,
      `walker-${viewport.width}@scriptor.example`,
    );
    const context = await browser.newContext({ baseURL: server.url, viewport, storageState });
    const page = watchPageErrors(await context.newPage());
    const consoleErrors: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') {
        consoleErrors.push(`${message.text()} (${message.location().url})`);
      }
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible();

    const step = { page, timeline: new Timeline() };
    for (const definition of WALKTHROUGH_STEPS) {
      const capture = CAPTURES[definition.id];
      expect(capture, definition.id).toBeDefined();
      const missing = await capture!(step);
      expect(missing, `step ${definition.id}`).toBeUndefined();
      expect(consoleErrors, `console errors by step ${definition.id}`).toEqual([]);
    }
    await context.close();
  });
}
