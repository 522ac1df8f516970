import { expect, test } from './page-test';
import { screenshot, signUp, useOwnClientAddress } from './helpers';

test('the landing page leads to sign-in, and Join to the sign-up form', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'Write research that stands on real literature.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
  // 002 §2: the three-step strip, then the detailed six-step process behind its toggle.
  await expect(page.locator('#how-it-works .step h3')).toHaveText([
    'Specify your topic',
    'Scriptor researches',
    'Refine and export',
  ]);
  await expect(page.getByRole('heading', { name: 'Key Features' })).toBeVisible();
  await page.getByRole('button', { name: 'Show the detailed process' }).click();
  await expect(page.locator('#how-it-works .process > li > strong')).toHaveText([
    'Choose and define.',
    'Upload materials.',
    'Get structure.',
    'Refine structure.',
    'Generate content.',
    'Finalize and export.',
  ]);
  await screenshot(page, 'landing');

  await page.getByRole('button', { name: 'Start Exploring Insights' }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await screenshot(page, 'sign-in');

  // Both Join buttons (header and the end of the page) open the sign-up form.
  for (const index of [0, 1]) {
    await page.goto('/');
    await page.getByRole('button', { name: 'Join' }).nth(index).click();
    await expect(page).toHaveURL(/\/auth\/signin\?mode=signup$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByLabel('Name')).toBeVisible();
  }
  // The form Join opened creates the account and opens the workspace.
  await useOwnClientAddress(page);
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill(`join-${Date.now()}@example.org`);
  await page.getByLabel('Password').fill('analytical123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible();
});

test('sign-in shows the server’s error for a wrong password', async ({ page }) => {
  const email = await signUp(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Start Exploring Insights' })).toBeVisible();

  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');

  await page.getByLabel('Password').fill('radioactive123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible();
});
