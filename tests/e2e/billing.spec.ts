import type { Page } from '@playwright/test';
import { expect, test } from './page-test';
import { screenshot, signUp, skipTours } from './helpers';
import { expectTopmost, textLines } from './layout-helpers';

const ADMIN = 'admin@scriptor.test';

async function signUpAs(page: Page, email: string, name: string) {
  await page.goto('/auth/signin');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('radioactive123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible();
  await skipTours(page);
}

/** Spends part of the starting credit through the server's test-only priced route. */
async function spend(page: Page, micros: number) {
  const response = await page.request.post('/api/test/billing/charge', {
    data: { key: `spend-${Date.now()}`, amountMicros: micros },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(200);
}

const balance = (page: Page) => page.getByTestId('balance');

test('the balance and Top Up keep their labels on one line at 1024 px', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await signUp(page);
  const topUp = page.getByRole('button', { name: 'Top Up', exact: true });
  await expectTopmost(topUp);
  expect(await textLines(topUp)).toBe(1);
  expect(await textLines(page.locator('.balance-amount'))).toBe(1);
  await topUp.click();
  await expect(page.getByRole('dialog', { name: 'Top Up Credits' })).toBeVisible();
});

test('balance, free tier, Top Up without Stripe and the billing history', async ({ page }) => {
  await signUp(page);
  await expect(balance(page)).toHaveText('$1.00');
  await expect(page.locator('.balance-amount')).toHaveAttribute(
    'title',
    'Balance: $1.00. $0.05 per section or chat message with the selected model (about 20 sections).',
  );
  const banner = page.getByRole('note').filter({ hasText: 'Free Tier Account' });
  await expect(banner).toContainText('Make a payment to upgrade');
  await screenshot(page, 'billing-sidebar');

  await page.getByRole('button', { name: 'Top Up', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Top Up Credits' });
  await expect(dialog).toContainText('Online payments are not enabled on this server.');
  await expect(dialog).toContainText('npm run credit:grant');
  await expect(dialog).toContainText('Every new account starts with $1.00 of credit.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await spend(page, 150_000);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Billing history' }).click();
  const history = page.getByRole('dialog', { name: 'Billing history' });
  const rows = history.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Test work');
  await expect(rows.nth(0)).toContainText('-$0.15');
  await expect(rows.nth(0)).toContainText('$0.85');
  await expect(rows.nth(1)).toContainText('Starting credit');
  await expect(rows.nth(1)).toContainText('+$1.00');
  await history.getByRole('button', { name: 'Close' }).click();
  // The sidebar catches up at the latest on its 30 s poll; a reload shows it at once.
  await page.reload();
  await expect(balance(page)).toHaveText('$0.85');
});

test('the Insufficient Balance popover leads to Top Up and reloads on close', async ({ page }) => {
  await signUp(page);
  await expect(balance(page)).toHaveText('$1.00');
  await spend(page, 960_000);
  await page.reload();
  await expect(balance(page)).toHaveText('$0.04');
  await expect(page.getByRole('button', { name: '+ Add Paper' })).toHaveCount(0);

  // The welcome screen's Add Paper link gives way to Top Up the same way (002 §6).
  const welcome = page.locator('.welcome-intro');
  await expect(welcome.getByRole('button', { name: 'Add Paper' })).toHaveCount(0);
  await welcome.getByRole('button', { name: 'Top Up' }).click();
  await expect(
    welcome.getByRole('dialog', { name: 'Insufficient Balance' }).locator('dd'),
  ).toHaveText(['$0.04', 'more than $0.05', '$0.02']);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Insufficient Balance' })).toHaveCount(0);

  const topUp = page.locator('.sidebar .balance-guard').getByRole('button', { name: 'Top Up' });
  await expect(topUp).toHaveAttribute('title', /Balance: \$0\.04\./);
  await topUp.click();
  const popover = page.getByRole('dialog', { name: 'Insufficient Balance' });
  await expect(popover).toContainText(
    'Insufficient balance. Please add funds to continue using AI features.',
  );
  await expect(popover.locator('dd')).toHaveText(['$0.04', 'more than $0.05', '$0.02']);
  await screenshot(page, 'billing-insufficient-popover');

  await popover.getByRole('button', { name: 'Top Up Credits' }).click();
  const dialog = page.getByRole('dialog', { name: 'Top Up Credits' });
  await expect(dialog).toContainText('Online payments are not enabled on this server.');
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await reloaded;
  await expect(balance(page)).toHaveText('$0.04');
});

test('an administrator grants credit; bad amounts are refused', async ({ page, browser }) => {
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  const userEmail = await signUp(userPage, 'Rosalind Franklin');
  await expect(balance(userPage)).toHaveText('$1.00');

  await signUpAs(page, ADMIN, 'Admin');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Grant credit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Grant credit' });
  await dialog.getByLabel('Account e-mail').fill(userEmail);
  await dialog.getByLabel('Amount in dollars').fill('-5');
  await dialog.getByRole('button', { name: 'Grant credit' }).click();
  await expect(dialog.locator('.error-box')).toHaveText('Amount cannot be negative');
  await dialog.getByLabel('Amount in dollars').fill('0.001');
  await dialog.getByRole('button', { name: 'Grant credit' }).click();
  await expect(dialog.locator('.error-box')).toHaveText(
    'Amount cannot contain a fraction of a cent',
  );
  await dialog.getByLabel('Amount in dollars').fill('2.50');
  await dialog.getByRole('button', { name: 'Grant credit' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    `Granted $2.50 to ${userEmail}. New balance: $3.50.`,
  );
  await expect(dialog.locator('tbody')).toContainText('$3.50');
  await screenshot(page, 'billing-admin-grant');

  await userPage.reload();
  await expect(balance(userPage)).toHaveText('$3.50');
  // A grant is credit, not a payment: still free tier.
  await expect(userPage.getByText('Free Tier Account')).toBeVisible();
  await userContext.close();
});

test('a non-administrator has no credit screen', async ({ page }) => {
  await signUp(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Billing history' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Grant credit' })).toHaveCount(0);
});
