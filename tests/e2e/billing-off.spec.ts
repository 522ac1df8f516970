import { expect, test, watchPageErrors } from './page-test';
import { startCatalogueServer } from './billing-server';
import { screenshot, signUp } from './helpers';

test.describe('A lab server with BILLING=off', () => {
  // Starting a second server takes a while on a busy machine.
  test.describe.configure({ timeout: 300_000 });
  let server: Awaited<ReturnType<typeof startCatalogueServer>> | undefined;

  test.beforeAll(async () => {
    // The hook has the default timeout otherwise, shorter than a busy machine's start-up.
    test.setTimeout(300_000);
    server = await startCatalogueServer({ BILLING: 'off' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('hides balance, Top Up and free-tier limits; every model is choosable', async ({
    browser,
  }) => {
    const page = watchPageErrors(await browser.newPage({ baseURL: server?.url }));
    await signUp(page);
    const sidebar = page.locator('.sidebar');
    // Add Paper proves the sidebar has rendered before the absences below are checked.
    await expect(sidebar.getByRole('button', { name: '+ Add Paper' })).toBeVisible();
    await expect(page.getByTestId('balance')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Top Up' })).toHaveCount(0);
    await expect(page.getByText('Free Tier Account')).toHaveCount(0);
    await expect(
      page.locator('.welcome-intro').getByRole('button', { name: 'Add Paper' }),
    ).toBeVisible();
    const pricing = page.getByRole('region', { name: 'Pricing' });
    await expect(pricing).toContainText('AI use is free on this server: nothing is charged.');
    await screenshot(page, 'billing-off-workspace');

    await pricing.getByRole('button', { name: 'View pricing details' }).click();
    const pricingDialog = page.getByRole('dialog', { name: 'Pricing' });
    await expect(
      pricingDialog.getByRole('list', { name: 'Models' }).getByRole('button'),
    ).toHaveCount(2);
    await expect(pricingDialog.getByText('Upgrade Required')).toHaveCount(0);
    await pricingDialog.getByRole('button', { name: 'Close' }).click();

    const accountMenu = page.getByRole('button', { name: 'Account menu' });
    await accountMenu.click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Billing history' })).toHaveCount(0);
    await accountMenu.click();

    // A new account has never paid, yet the paid model is open to it.
    await page.getByRole('button', { name: /AI model/ }).click();
    const dialog = page.getByRole('dialog', { name: 'AI Model' });
    const models = dialog.getByRole('listbox', { name: 'Models' });
    await expect(models.getByRole('option')).toHaveCount(2);
    await expect(dialog.getByText('Upgrade Required')).toHaveCount(0);
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/settings/ai') && response.request().method() === 'PUT',
    );
    await models.getByRole('option', { name: /Scholar Large/ }).click();
    expect((await saved).ok()).toBe(true);
    await expect(models.getByRole('option', { name: /Scholar Large/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: /AI model/ })).toContainText('Scholar Large');
    await page.close();
  });
});
