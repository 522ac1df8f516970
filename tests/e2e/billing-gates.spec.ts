import type { Page } from '@playwright/test';
import { expect, test, watchPageErrors } from './page-test';
import { SCORES_CSV } from '../../src/server/routes/api/data-analysis/analysis-test-support';
import { startCatalogueServer } from './billing-server';
import { createPaper, editor, openPaper } from './editor-helpers';
import { screenshot, signUp, wizard } from './helpers';

const PRICED_ENTRIES = [
  'Rewrite',
  'Refine structure',
  'Make shorter',
  'Make longer',
  'Give custom instructions',
];

/** Spends part of the starting credit through the server's test-only priced route. */
async function spend(page: Page, micros: number) {
  const response = await page.request.post('/api/test/billing/charge', {
    data: { key: `spend-${Date.now()}`, amountMicros: micros },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(200);
}

test.describe('AI actions, the balance and the free tier, with a priced catalogue', () => {
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

  test('the section menu is disabled with the spec message once the balance cannot pay', async ({
    browser,
  }) => {
    const page = watchPageErrors(await browser.newPage({ baseURL: server?.url }));
    await signUp(page);
    await createPaper(page, 'Priced paper', '## Introduction\n\nOpen access and citations.');
    await openPaper(page, 'Priced paper');
    const sectionMenu = () =>
      editor(page).getByRole('button', { name: 'Section menu 1', exact: true });

    await sectionMenu().click();
    const menu = page.getByRole('menu');
    for (const entry of PRICED_ENTRIES) {
      await expect(menu.getByRole('menuitem', { name: entry, exact: true })).toBeEnabled();
    }
    await page.keyboard.press('Escape');

    // $1.00 - $0.99 leaves $0.01, below Scholar Small's $0.02 per section.
    await spend(page, 990_000);
    await openPaper(page, 'Priced paper');
    await expect(page.getByTestId('balance')).toHaveText('$0.01');
    await sectionMenu().click();
    for (const entry of PRICED_ENTRIES) {
      await expect(menu.getByRole('menuitem', { name: entry, exact: true })).toBeDisabled();
    }
    // The reason stands beside the menu's items, outside role=menu (which holds items only).
    await expect(
      page.getByText(
        'Insufficient balance. Your balance ($0.01) is below the cost per section for this model ($0.02). Please add funds to continue.',
      ),
    ).toBeVisible();
    await screenshot(page, 'billing-section-menu-insufficient');
    await page.close();
  });

  test('a free-tier account sees Upgrade Required and cannot choose the paid model', async ({
    browser,
  }) => {
    const page = watchPageErrors(await browser.newPage({ baseURL: server?.url }));
    await signUp(page);
    await expect(page.getByRole('note').filter({ hasText: 'Free Tier Account' })).toBeVisible();
    await page.getByRole('button', { name: /AI model/ }).click();
    const dialog = page.getByRole('dialog', { name: 'AI Model' });
    const models = dialog.getByRole('listbox', { name: 'Models' });
    const large = models.getByRole('option', { name: /Scholar Large/ });
    await expect(large).toContainText('Upgrade Required');
    await expect(models.getByRole('option', { name: /Scholar Small/ })).not.toContainText(
      'Upgrade Required',
    );
    await large.click();
    const alert = page.getByRole('alertdialog');
    await expect(alert).toContainText(
      'This model is not available for free tier users. Please upgrade your account or select a free tier model.',
    );
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(large).toHaveAttribute('aria-selected', 'false');
    await expect(models.getByRole('option', { name: /Scholar Small/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await screenshot(page, 'billing-free-tier-models');
    await page.close();
  });

  test('a data-analysis question the balance cannot pay gets the spec message and stays in the box', async ({
    browser,
  }) => {
    const page = watchPageErrors(await browser.newPage({ baseURL: server?.url }));
    await signUp(page);
    await createPaper(page, 'Data paper', '## Results\n\n');
    await spend(page, 990_000);
    await openPaper(page, 'Data paper');
    await expect(page.getByTestId('balance')).toHaveText('$0.01');

    await page.getByRole('button', { name: 'Data Analysis', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Data Analysis Assistant' });
    // The first use waits for the sandbox's preparation.
    await expect(modal.locator('p.empty-state')).toHaveText('No data files uploaded yet', {
      timeout: 60_000,
    });
    await modal.getByRole('button', { name: 'Upload data' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Data Files' });
    await upload
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'scores.csv', mimeType: 'text/csv', buffer: Buffer.from(SCORES_CSV) },
      ]);
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(upload).toBeHidden({ timeout: 120_000 });
    await expect(modal.getByLabel('Data file').locator('option')).toHaveText(['scores.csv']);

    const question = 'Is the difference between the groups significant?';
    await modal.getByLabel('Question about the data').fill(question);
    const refused = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && response.url().endsWith('/api/data-analysis'),
    );
    await modal.getByRole('button', { name: 'Analyze' }).click();
    expect((await refused).status()).toBe(402);
    await expect(modal.locator('.error-box')).toHaveText(
      'Insufficient balance. Your balance ($0.01) is below the cost per section for this model ($0.02). Please add funds to continue.',
    );
    // Nothing ran, nothing was charged, and the question is still there to send after a top-up.
    await expect(modal.getByLabel('Question about the data')).toHaveValue(question);
    await expect(modal.getByTestId('code-cell')).toHaveCount(0);
    await expect(page.getByTestId('balance')).toHaveText('$0.01');
    await page.close();
  });

  test('the wizard’s structure step is held back with the spec message once the balance cannot pay', async ({
    browser,
  }) => {
    const page = watchPageErrors(await browser.newPage({ baseURL: server?.url }));
    await signUp(page);
    await page.getByRole('button', { name: '+ Add Paper' }).click();
    const dialog = wizard(page);
    await dialog.getByRole('radio', { name: /^Essay/ }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Title').fill('Unpaid essay');
    await dialog.getByLabel('Description').fill('Whether open access raises citation counts');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('heading', { name: 'Upload files' })).toBeVisible();
    // The balance falls while the wizard is open: $0.01, below Scholar Small's $0.02.
    await spend(page, 990_000);
    await dialog.getByRole('button', { name: 'Skip' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Insufficient balance. Your balance ($0.01) is below the cost per section for this model ($0.02). Please add funds to continue.',
    );
    await expect(page.getByTestId('balance')).toHaveText('$0.01');
    await expect(dialog.getByRole('button', { name: 'Generate structure again' })).toHaveCount(0);
    await expect(dialog.getByTestId('structure-node')).toHaveCount(0);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.close();
  });
});
