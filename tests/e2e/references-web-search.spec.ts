import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './page-test';
import { screenshot, signUp, useOwnClientAddress } from './helpers';
import { dismissAlert, saveSearchFilters } from './references-helpers';

const ADMIN = 'web-admin@scriptor.test';
const PASSWORD = 'radioactive123';
const WEB_NOT_ALLOWED =
  'Web search is not available for free tier users. Please upgrade your account to access web search.';

async function openFilters(page: Page) {
  await page.getByRole('button', { name: 'Limit Sources' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search Filters' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The administrator records a payment received outside Stripe, which lifts the free tier. */
async function recordPayment(page: Page, email: string) {
  await useOwnClientAddress(page);
  await page.goto('/auth/signin');
  const origin = new URL(page.url()).origin;
  const headers = { origin };
  // The account may exist already: this file's other tests create it.
  await page.request.post('/api/auth/sign-up/email', {
    data: { email: ADMIN, password: PASSWORD, name: 'Admin' },
    headers,
  });
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: ADMIN, password: PASSWORD },
    headers,
  });
  expect(signIn.status()).toBe(200);
  const grant = await page.request.post('/api/admin/credit', {
    data: { email, amount: '5', paid: true, requestId: randomUUID() },
    headers,
  });
  expect(grant.status()).toBe(200);
}

test('a free-tier user cannot enable web search; web is forced off at load', async ({
  page,
  browser,
}) => {
  const email = await signUp(page, 'Dorothy Hodgkin');
  await expect(page.getByText('Free Tier Account')).toBeVisible();
  // Filters that ask for web pages, stored as an older client or a direct API call could.
  await saveSearchFilters(page, { web: true });
  await page.reload();

  const dialog = await openFilters(page);
  const web = dialog.getByLabel('Web pages');
  await expect(web).not.toBeChecked();
  await web.click();
  await dismissAlert(page, WEB_NOT_ALLOWED);
  await expect(web).not.toBeChecked();
  await screenshot(page, 'references-web-search-free-tier');
  // Other types stay free to change.
  await dialog.getByLabel('Preprints').check();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();

  const adminContext = await browser.newContext();
  await recordPayment(await adminContext.newPage(), email);
  await adminContext.close();

  await page.reload();
  await expect(page.getByText('Free Tier Account')).toBeHidden();
  const paidDialog = await openFilters(page);
  await expect(paidDialog.getByLabel('Preprints')).toBeChecked();
  await paidDialog.getByLabel('Web pages').check();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await paidDialog.getByRole('button', { name: 'Apply' }).click();
  await expect(paidDialog).toBeHidden();
  await page.reload();
  await expect((await openFilters(page)).getByLabel('Web pages')).toBeChecked();
});
