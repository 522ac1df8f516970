import type { Page } from '@playwright/test';
import { expect, test } from './page-test';
import { signUp, skipTours, useOwnClientAddress } from './helpers';

async function openSignUp(page: Page) {
  await useOwnClientAddress(page);
  await page.goto('/auth/signin');
  await page.getByRole('button', { name: 'Create an account' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Start Exploring Insights' })).toBeVisible();
}

test('sign-up names each problem plainly and states the password rules up front', async ({
  page,
}) => {
  await openSignUp(page);
  await expect(
    page.getByText(
      'At least 8 characters. Common passwords and your e-mail address are not accepted.',
    ),
  ).toBeVisible();
  const submit = page.getByRole('button', { name: 'Create account' });
  const alert = page.getByRole('alert');

  await page.getByLabel('Email').fill('ada@example.org');
  await page.getByLabel('Password').fill('analytical engine');
  await submit.click();
  await expect(alert).toHaveText('Please enter your name');

  await page.getByLabel('Name').fill('   ');
  await submit.click();
  await expect(alert).toHaveText('Please enter your name');

  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill('ada@example');
  await submit.click();
  await expect(alert).toHaveText('Please enter a valid e-mail address');

  // The common-password list lives on the server; its answer shows in the same place.
  const email = `ada-${Date.now()}@example.org`;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('12345678');
  await submit.click();
  await expect(alert).toHaveText(
    'This password is too common. Please choose one that is harder to guess.',
  );
  await expect(alert).not.toContainText('[body');

  await page.getByLabel('Password').fill('analytical engine');
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible();
  await skipTours(page);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByText('Ada Lovelace')).toBeVisible();
});

test('a second sign-up with a registered address gets a neutral answer', async ({ page }) => {
  const email = await signUp(page);
  await signOut(page);
  await openSignUp(page);
  await page.getByLabel('Name').fill('Someone Else');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a different password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'We could not create an account with these details. If you already have an account, please sign in instead.',
  );
});

test('three wrong passwords and then the right one sign in', async ({ page }) => {
  const email = await signUp(page);
  await signOut(page);
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(email);
  for (let i = 0; i < 3; i += 1) {
    await page.getByLabel('Password').fill(`wrong password ${i}`);
    const answered = page.waitForResponse((response) =>
      response.url().endsWith('/api/auth/sign-in/email'),
    );
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect((await answered).status()).toBe(401);
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  }
  await page.getByLabel('Password').fill('radioactive123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible();
});

test('a locked account is told how long to wait', async ({ page }) => {
  const email = await signUp(page);
  await signOut(page);
  // A guesser elsewhere, each try from another address, uses up the account's failures.
  for (let i = 0; i < 10; i += 1) {
    const response = await page.request.post('/api/auth/sign-in/email', {
      headers: { 'x-forwarded-for': `192.0.2.${i + 1}`, origin: new URL(page.url()).origin },
      data: { email, password: `guess ${i}` },
    });
    expect(response.status()).toBe(401);
  }
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('radioactive123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    /^Too many requests\. Please try again in \d+ (seconds|minutes)\.$/,
  );
  await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeHidden();
});
