import { request } from '@playwright/test';
import { paperList } from './helpers';
import { createPaper, editor, expect, test } from './editor-helpers';

/** Issue 7, item 7: the open paper has a URL that reload, Back/Forward and tabs follow. */

// Each test clicks through several screens; a shared, busy machine makes them slow.
test.describe.configure({ timeout: 180_000 });

test('each open paper has its own URL for reload, Back, Forward and a second tab', async ({
  page,
  context,
}) => {
  const first = await createPaper(page, 'Route first', 'First body.');
  const second = await createPaper(page, 'Route second', 'Second body.');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible();

  await paperList(page).getByText('Route first', { exact: true }).click();
  await expect(page).toHaveURL(`/papers/${first.id}`);
  await expect(editor(page)).toHaveText('First body.');
  await paperList(page).getByText('Route second', { exact: true }).click();
  await expect(page).toHaveURL(`/papers/${second.id}`);
  await expect(editor(page)).toHaveText('Second body.');

  await page.goBack();
  await expect(page).toHaveURL(`/papers/${first.id}`);
  await expect(page.getByLabel('Paper title')).toHaveValue('Route first');
  await expect(editor(page)).toHaveText('First body.');
  await page.goForward();
  await expect(page.getByLabel('Paper title')).toHaveValue('Route second');

  await page.reload();
  await expect(page.getByLabel('Paper title')).toHaveValue('Route second');
  await expect(editor(page)).toHaveText('Second body.');

  const tab = await context.newPage();
  await tab.goto(`/papers/${first.id}`);
  // A new tab loads the whole app first, which takes a while on a busy machine.
  await expect(tab.getByLabel('Paper title')).toHaveValue('Route first', { timeout: 30_000 });

  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel('Paper title')).toHaveValue('Route second');
});

test('a URL to a missing or foreign paper shows the failure and the welcome screen', async ({
  page,
}) => {
  // Another account, made through the API: its paper is the foreign one.
  const baseURL = test.info().project.use.baseURL ?? '';
  const stranger = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const signedUp = await stranger.post('/api/auth/sign-up/email', {
    data: {
      name: 'Someone Else',
      email: `stranger-${Date.now()}@example.org`,
      password: 'radioactive123',
    },
  });
  expect(signedUp.ok(), await signedUp.text()).toBe(true);
  const created = await stranger.post('/api/papers', {
    data: { title: 'Not yours', type: 'scientific', content: 'Private.' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const foreign = (await created.json()) as { id: string };
  await stranger.dispose();

  for (const id of [foreign.id, '00000000-0000-4000-8000-000000000000', 'not-a-paper']) {
    await page.goto(`/papers/${id}`);
    const alert = page.getByRole('alertdialog');
    await expect(alert).toContainText('Failed to load paper details');
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Private.')).toHaveCount(0);
  }
});
