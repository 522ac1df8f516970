import type { Page } from '@playwright/test';
import { offlineTest as test, expect } from './ai-fixtures';
import { paperList, wizard } from './helpers';
import { acknowledgeAlert } from './wizard-helpers';

/**
 * The wizard's alerts (001 §8 'Wizard') where a server call fails: the server's answer is
 * replaced by a failure for one call, the alert is checked, and the same action then succeeds,
 * so nothing the user entered was lost. The structure's own failures (malformed, timed out)
 * are in wizard-jobs.spec.ts and job-polls.test.ts.
 */

const failing = (status: number) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ error: 'Internal Server Error' }),
});
/** An overloaded server's answer as a proxy in front of it gives it: no reason of Scriptor's. */
const overloadedProxy = {
  status: 503,
  contentType: 'text/html',
  body: '<html><body>503 Service Unavailable</body></html>',
};

async function essayProperties(page: Page, title: string) {
  await page.goto('/');
  await page.getByRole('button', { name: '+ Add Paper' }).click();
  const dialog = wizard(page);
  await dialog.getByRole('radio', { name: /^Essay/ }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Description').fill('Whether open access raises citation counts');
  return dialog;
}

test('the temporary paper, the structure request, Discard and Save each alert when they fail', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const dialog = await essayProperties(page, 'Alerted essay');
  const next = dialog.getByRole('button', { name: 'Next' });

  await page.route('**/api/papers/temp', (route) => route.fulfill(failing(500)));
  await next.click();
  await acknowledgeAlert(page, 'Failed to create temporary paper. Please try again.');
  await expect(dialog.getByLabel('Title')).toHaveValue('Alerted essay');
  await page.unroute('**/api/papers/temp');
  await next.click();
  await expect(dialog.getByRole('heading', { name: 'Upload files' })).toBeVisible();

  await page.route('**/api/structure', (route) =>
    route.request().method() === 'POST' ? route.fulfill(overloadedProxy) : route.continue(),
  );
  await dialog.getByRole('button', { name: 'Skip' }).click();
  const overloaded =
    'Failed to generate structure. The system might be overloaded. Please try again later.';
  await acknowledgeAlert(page, overloaded);
  await expect(dialog.getByRole('alert')).toHaveText(overloaded);
  await page.unroute('**/api/structure');
  await dialog.getByRole('button', { name: 'Generate structure again' }).click();
  await expect(dialog.getByTestId('structure-node').first()).toBeVisible({ timeout: 60_000 });

  await page.route('**/api/papers/*/cancel', (route) => route.fulfill(failing(500)));
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard paper' })
    .getByRole('button', {
      name: 'Discard',
    })
    .click();
  await acknowledgeAlert(page, 'Failed to discard paper structure. Please try again.');
  await expect(dialog).toBeVisible();
  await page.unroute('**/api/papers/*/cancel');

  await page.route('**/api/papers/*/finalize', (route) => route.fulfill(failing(500)));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await acknowledgeAlert(page, 'Failed to save paper.');
  await expect(dialog.getByTestId('structure-node').first()).toBeVisible();
  await page.unroute('**/api/papers/*/finalize');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(paperList(page).getByText('Alerted essay')).toBeVisible();
});
