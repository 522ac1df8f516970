import { expect, test } from './page-test';
import { screenshot, signUp } from './helpers';
import {
  allowPreprints,
  CORPUS_LOAD_MS,
  referencesPane,
  resultButtons,
  searchLiterature,
} from './references-helpers';

test('search the bundled corpus, its empty and error states, and the reference modal', async ({
  page,
}) => {
  test.setTimeout(CORPUS_LOAD_MS + 60_000);
  await signUp(page);
  await allowPreprints(page);
  const pane = referencesPane(page);

  // Spec 002 §5: a search with no query and no filters does nothing.
  let searches = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/search')) searches += 1;
  });
  await pane.getByRole('button', { name: 'Search', exact: true }).click();
  await pane.getByLabel('Search literature').fill('   ');
  await pane.getByLabel('Search literature').press('Enter');
  await expect(pane.getByText(/Found|Nothing found/)).toHaveCount(0);
  expect(searches).toBe(0);

  await searchLiterature(page, 'sleep');
  const first = resultButtons(page).first();
  await expect(first.locator('.result-title')).not.toBeEmpty();
  await expect(first.locator('.result-meta')).toHaveText(/\d{4}|n\.d\./);
  await expect(first.locator('.result-score')).toHaveText(/^\d+\.\d{3}$|^\d+\.\d%$/);
  await screenshot(page, 'references-search');

  await pane.getByLabel('Search literature').fill('qqxqzzv wwvvkkz');
  await pane.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(pane.getByText('Nothing found with your query')).toBeVisible();

  // Failures: the server's error, else 'Search failed', in a red box (spec 002 §8).
  await page.route('**/api/search', (route) =>
    route.fulfill({ status: 503, json: { error: 'The search index is being rebuilt' } }),
  );
  await pane.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(pane.getByRole('alert')).toHaveText('The search index is being rebuilt');
  await expect(pane.getByRole('alert')).toHaveCSS('color', 'rgb(180, 35, 24)');
  await page.unroute('**/api/search');
  await page.route('**/api/search', (route) => route.fulfill({ status: 502, body: '' }));
  await pane.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(pane.getByRole('alert')).toHaveText('Search failed');
  await screenshot(page, 'references-search-error');
  await page.unroute('**/api/search');

  await searchLiterature(page, 'sleep apnea cardiovascular');
  const title = (await resultButtons(page).first().locator('.result-title').textContent()) ?? '';
  await resultButtons(page).first().click();
  const modal = page.getByRole('dialog', { name: title });
  await expect(modal).toBeVisible();
  await expect(modal.locator('.type-pill')).toHaveText('Preprint');
  await expect(modal.getByRole('link', { name: /^https:\/\/doi\.org\/10\./ })).toBeVisible();
  await expect(modal.getByText('Similarity score')).toBeVisible();
  await expect(modal.getByText('Authors', { exact: true })).toBeVisible();

  const abstract = modal.getByRole('button', { name: /^Abstract/ });
  await expect(abstract).toHaveAttribute('aria-expanded', 'false');
  await abstract.click();
  await expect(abstract).toHaveAttribute('aria-expanded', 'true');

  // No paper is open, so there is nowhere to insert a citation.
  await expect(modal.getByTitle('Insert citation at cursor position')).toHaveCount(0);
  await modal.getByLabel('Select this paper').check();
  await expect(modal.getByLabel('Select this paper')).toBeChecked();

  await modal.getByRole('button', { name: 'Show citation' }).click();
  await expect(modal.getByLabel('APA citation')).toContainText(/\(\d{4}\)\./, { timeout: 30_000 });
  await screenshot(page, 'references-modal');

  // A click on the overlay closes the modal.
  await page.mouse.click(5, 5);
  await expect(modal).toBeHidden();

  // TeX in an arXiv title ('many hypotheses $\times$ many genes') is typeset, not shown raw.
  await searchLiterature(page, 'Bayesian testing many hypotheses genes');
  const mathResult = resultButtons(page).filter({ hasText: 'Bayesian testing of many hypotheses' });
  await expect(mathResult.locator('.result-title .katex')).toHaveCount(1);
  await expect(mathResult.locator('.result-title')).not.toContainText('$');
  await mathResult.click();
  await expect(page.getByRole('dialog').locator('.modal-title .katex')).toHaveCount(1);
  await page.keyboard.press('Escape');
});

test('Show citation reports a failing citation service as an error', async ({ page }) => {
  test.setTimeout(CORPUS_LOAD_MS + 30_000);
  await signUp(page);
  await allowPreprints(page);
  await searchLiterature(page, 'sleep');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/citation', async (route) => {
    await held;
    await route.fulfill({ status: 500, json: { error: 'Internal server error' } });
  });
  await resultButtons(page).first().click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: 'Show citation' }).click();
  await expect(modal.getByRole('button', { name: 'Generating citation...' })).toBeDisabled();
  release();
  await expect(modal.getByRole('alert')).toHaveText('Error: Citation API error: 500');
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
});
