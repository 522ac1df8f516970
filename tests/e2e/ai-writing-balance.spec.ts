import type { Page } from '@playwright/test';
import { startCatalogueServer } from './billing-server';
import { createPaper, editor, openPaper, toolbarButton } from './editor-helpers';
import { expectTopmost, screenshot, signUp } from './helpers';
import { expect, test, watchPageErrors } from './page-test';

/** Spends part of the starting credit through the server's test-only priced route. */
async function spend(page: Page, micros: number) {
  const response = await page.request.post('/api/test/billing/charge', {
    data: { key: `spend-${Date.now()}`, amountMicros: micros },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(200);
}

test.describe('the AI writing button and the balance', () => {
  // Starting a second server takes a while on a busy machine.
  test.describe.configure({ timeout: 300_000 });
  let server: Awaited<ReturnType<typeof startCatalogueServer>> | undefined;

  test.beforeAll(async () => {
    // The hook has the default timeout otherwise, shorter than a busy machine's start-up.
    test.setTimeout(300_000);
    server = await startCatalogueServer({ SCRIPTOR_TEST_ROUTES: '1' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('is disabled while the balance is not above the cost per section, with the Insufficient Balance popover', async ({
    browser,
  }) => {
    const page = watchPageErrors(await browser.newPage({ baseURL: server?.url }));
    await signUp(page);
    await createPaper(page, 'Balance paper', '## Methods\n\nNotes on the data.');
    await openPaper(page, 'Balance paper');
    // $1.00 covers Scholar Small's $0.02 per section: the modal opens and prices the work.
    await toolbarButton(page, 'AI writing').click();
    const dialog = page.getByRole('dialog', { name: 'AI Writing Process' });
    await expect(dialog).toContainText('Estimated cost: $0.02');
    await expect(dialog.getByRole('button', { name: 'Start the writing process' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // $1.00 - $0.99 leaves $0.01, below the cost: nothing may start.
    await spend(page, 990_000);
    await openPaper(page, 'Balance paper');
    await expect(page.getByTestId('balance')).toHaveText('$0.01');
    await expect(toolbarButton(page, 'AI writing')).toBeDisabled();
    const topUp = toolbarButton(page, 'Top Up');
    await expectTopmost(topUp);
    await topUp.click();
    const popover = page.getByRole('dialog', { name: 'Insufficient Balance' });
    await expect(popover).toBeInViewport({ ratio: 1 });
    await expect(popover).toContainText(
      'Insufficient balance. Your balance ($0.01) is below the cost per section for this model ($0.02). Please add funds to continue.',
    );
    await expect(popover).toContainText('Balance$0.01');
    await expect(popover).toContainText('Requiredmore than $0.02');
    // $0.01 more would make $0.02, which is not above the cost: $0.02 is the smallest top-up.
    await expect(popover).toContainText('Needed$0.02');
    await expect(popover.getByRole('button', { name: 'Top Up Credits' })).toBeVisible();
    await screenshot(page, 'ai-writing-insufficient-balance');
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(editor(page)).toContainText('Notes on the data.');
    await page.close();
  });
});
