import type { Page } from '@playwright/test';
import { expect, test } from './page-test';
import { screenshot, signUp } from './helpers';
import {
  CORPUS_LOAD_MS,
  dismissAlert,
  resultButtons,
  resultCount,
  searchLiterature,
} from './references-helpers';

async function openFilters(page: Page) {
  await page.getByRole('button', { name: 'Limit Sources' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search Filters' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('search filters: defaults, validation alerts, applying, persistence', async ({ page }) => {
  test.setTimeout(CORPUS_LOAD_MS + 90_000);
  await signUp(page);
  const thisYear = String(new Date().getFullYear());

  // Defaults of spec 002 §9.
  let dialog = await openFilters(page);
  await expect(dialog.getByLabel('From year', { exact: true })).toHaveValue('1990');
  await expect(dialog.getByLabel('To year', { exact: true })).toHaveValue(thisYear);
  // Works without a year (BEIR imports, grey literature) are found unless the user says not.
  await expect(dialog.getByLabel('Include undated works')).toBeChecked();
  await expect(dialog.getByText('From 1990 includes earlier works.')).toBeVisible();
  await expect(dialog.getByLabel('Minimum citations', { exact: true })).toHaveValue('0');
  await expect(dialog.getByLabel('Articles and books')).toBeChecked();
  for (const label of ['Preprints', 'Wikipedia', 'Retracted or removed', 'Web pages']) {
    await expect(dialog.getByLabel(label)).not.toBeChecked();
  }
  await expect(
    dialog.getByLabel('Only journals with a minimum impact factor (JIF)'),
  ).not.toBeChecked();
  await expect(dialog.getByLabel('Minimum JIF', { exact: true })).toBeDisabled();
  await expect(dialog.getByLabel('Minimum JIF slider')).toHaveAttribute('max', '50');
  await expect(dialog.getByLabel('Minimum JIF slider')).toHaveAttribute('step', '0.1');
  await expect(dialog.getByLabel('Minimum citations slider')).toHaveAttribute('max', '1000');
  await screenshot(page, 'references-filters');

  // Apply validates every field first, with the exact alerts of spec 002 §5.
  await dialog.getByLabel('From year', { exact: true }).fill('1980');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dismissAlert(page, 'Invalid start year: 1980');
  await dialog.getByLabel('From year', { exact: true }).fill('2000');
  await dialog.getByLabel('To year', { exact: true }).fill('20x5');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dismissAlert(page, 'Invalid end year: 20x5');
  await dialog.getByLabel('To year', { exact: true }).fill(thisYear);
  await dialog.getByLabel('Minimum citations', { exact: true }).fill('1001');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dismissAlert(page, 'Invalid citation count: 1001');
  await dialog.getByLabel('Minimum citations', { exact: true }).fill('0');
  // JIF is checked only while enabled.
  await dialog.getByLabel('Only journals with a minimum impact factor (JIF)').check();
  await expect(dialog.getByText(/report no impact factors/)).toBeVisible();
  await dialog.getByLabel('Minimum JIF', { exact: true }).fill('250');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await dismissAlert(page, 'Invalid JIF value: 250');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Valid filters change the results of the search on screen. The test corpus holds arXiv
  // preprints only, which the default filters leave out.
  dialog = await openFilters(page);
  await dialog.getByLabel('Preprints').check();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await searchLiterature(page, 'sleep');
  const unfiltered = await resultCount(page);

  dialog = await openFilters(page);
  await expect(dialog.getByLabel('From year', { exact: true })).toHaveValue('1990');
  await dialog.getByLabel('From year', { exact: true }).fill('2010');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => resultCount(page)).toBeLessThan(unfiltered);
  const filtered = await resultCount(page);
  expect(filtered).toBeGreaterThan(0);
  for (const meta of await resultButtons(page).locator('.result-meta').allTextContents()) {
    expect(Number(/(\d{4})/.exec(meta)?.[1])).toBeGreaterThanOrEqual(2010);
  }

  dialog = await openFilters(page);
  await dialog.getByLabel('Preprints').uncheck();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  // Only the corpus's preprints that name their journal count as articles; the rest are hidden.
  await expect(
    page.getByText(/^Preprints not published in a journal are hidden by your filters:/),
  ).toBeVisible();

  // The filters are the user's: they survive a reload and keep shaping searches.
  await page.reload();
  dialog = await openFilters(page);
  await expect(dialog.getByLabel('From year', { exact: true })).toHaveValue('2010');
  await expect(dialog.getByLabel('Preprints')).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(dialog.getByLabel('From year', { exact: true })).toHaveValue('1990');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  dialog = await openFilters(page);
  await expect(dialog.getByLabel('From year', { exact: true })).toHaveValue('2010');
  await dialog.getByLabel('Preprints').check();
  // The corpus's works all have a year: leaving undated ones out changes nothing here.
  await dialog.getByLabel('Include undated works').uncheck();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await searchLiterature(page, 'sleep');
  expect(await resultCount(page)).toBe(filtered);
  dialog = await openFilters(page);
  await expect(dialog.getByLabel('Include undated works')).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});
