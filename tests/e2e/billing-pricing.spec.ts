import { copyFileSync, writeFileSync } from 'node:fs';
import { expect, test } from './page-test';
import { startCatalogueServer } from './billing-server';
import { screenshot, signUp, skipTours } from './helpers';
import { dismissAlert } from './references-helpers';

test.describe('Pricing dialog with a model catalogue', () => {
  // Starting a second server takes a while on a busy machine.
  test.describe.configure({ timeout: 300_000 });
  let server: Awaited<ReturnType<typeof startCatalogueServer>> | undefined;

  test.beforeAll(async () => {
    // The hook has the default timeout otherwise, shorter than a busy machine's start-up.
    test.setTimeout(300_000);
    server = await startCatalogueServer({});
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('the landing page shows prices and recalculates the example', async ({ page }) => {
    await page.goto(server?.url ?? '');
    // The landing page's box prices the typical paper with the first priced model.
    await expect(
      page.getByRole('region', { name: 'Pricing' }).getByTestId('cost-example'),
    ).toHaveText(
      'A typical paper with Scholar Small: 1 structure generation + 20 sections = 21 × $0.02 = $0.42. Actual cost may vary slightly with content length and retries.',
    );
    await page.getByRole('button', { name: 'View pricing details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pricing' });
    const models = dialog.getByRole('list', { name: 'Models' }).getByRole('button');
    await expect(models).toHaveCount(2);
    await expect(models.nth(0)).toContainText('Scholar Small');
    await expect(models.nth(0)).toContainText('$0.02 per section or chat message');
    await expect(models.nth(1)).toContainText('$0.15 per section or chat message');
    const example = dialog.getByTestId('pricing-example');
    await expect(example).toContainText(
      '1 structure generation plus 20 sections = 21 × $0.02 = $0.42',
    );
    await models.nth(1).click();
    await expect(example).toContainText('21 × $0.15 = $3.15');
    await expect(dialog).toContainText(
      'Actual cost may vary slightly with content length and retries.',
    );
    await expect(dialog.getByText('Upgrade Required')).toHaveCount(0);
    await screenshot(page, 'billing-pricing-landing');
  });

  test('a free-tier user sees Upgrade Required; a broken catalogue fails to load', async ({
    page,
  }) => {
    await page.goto(`${server?.url}/auth/signin`);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(`pricing-${Date.now()}@example.org`);
    await page.getByLabel('Password').fill('analytical123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible();
    await skipTours(page);
    // The welcome screen's box prices it with the user's model (the default, Scholar Small).
    await expect(
      page.getByRole('region', { name: 'Pricing' }).getByTestId('cost-example'),
    ).toContainText(
      'A typical paper with your model: 1 structure generation + 20 sections = 21 × $0.02 = $0.42.',
    );
    await page
      .getByRole('region', { name: 'Pricing' })
      .getByRole('button', {
        name: 'View pricing details',
      })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Pricing' });
    const models = dialog.getByRole('list', { name: 'Models' }).getByRole('button');
    await expect(models.nth(1)).toContainText('Upgrade Required');
    await expect(models.nth(0)).not.toContainText('Upgrade Required');
    await screenshot(page, 'billing-pricing-free-tier');
    await dialog.getByRole('button', { name: 'Close' }).click();

    writeFileSync(server?.modelsFile ?? '', '{ not json');
    await page.getByRole('button', { name: 'View pricing details' }).click();
    await expect(page.getByRole('dialog', { name: 'Pricing' }).locator('.error-box')).toHaveText(
      'Failed to load pricing',
    );
    copyFileSync('tests/e2e/fixtures/models.json', server?.modelsFile ?? '');
  });

  test('a free-tier user cannot choose a non-free model in the model selector', async ({
    page,
  }) => {
    await page.goto(`${server?.url}/auth/signin`);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Name').fill('Emmy Noether');
    await page.getByLabel('Email').fill(`selector-${Date.now()}@example.org`);
    await page.getByLabel('Password').fill('analytical123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible();
    await skipTours(page);

    await page.getByRole('button', { name: /AI model/ }).click();
    const dialog = page.getByRole('dialog', { name: 'AI Model' });
    const small = dialog.getByRole('option', { name: /Scholar Small/ });
    const large = dialog.getByRole('option', { name: /Scholar Large/ });
    await expect(large).toContainText('Upgrade Required');
    await expect(small).not.toContainText('Upgrade Required');
    await expect(small).toHaveAttribute('aria-selected', 'true');
    await screenshot(page, 'billing-model-selector-free-tier');
    await large.click();
    await dismissAlert(
      page,
      'This model is not available for free tier users. Please upgrade your account or select a free tier model.',
    );
    await expect(large).toHaveAttribute('aria-selected', 'false');
    await expect(small).toHaveAttribute('aria-selected', 'true');
    // The server refuses it too, whatever a client sends.
    const refused = await page.request.put(`${server?.url}/api/settings/ai`, {
      data: { selectedModel: 'openai:e2e-large' },
      headers: { origin: server?.url ?? '' },
    });
    expect(refused.status()).toBe(403);
  });
});

test('without an AI provider the Pricing dialog says no models are available', async ({ page }) => {
  await signUp(page);
  await page.getByRole('button', { name: 'View pricing details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pricing' });
  await expect(dialog.getByText('No models available.')).toBeVisible();
});
