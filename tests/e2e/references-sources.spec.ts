import { expect, test } from './page-test';
import { screenshot, signUp } from './helpers';
import { CORPUS_LOAD_MS, referencesPane, resultCount } from './references-helpers';

/**
 * The browser tests' server searches its library and an arXiv address where nothing listens
 * (playwright.config.ts), so the pane has one source that answers and one that does not.
 */
test('the sources line and showing what the filters hide in one click', async ({ page }) => {
  test.setTimeout(CORPUS_LOAD_MS + 60_000);
  await signUp(page);
  const pane = referencesPane(page);

  // The default filters (articles only) hide the corpus's arXiv preprints.
  await pane.getByLabel('Search literature').fill('sleep');
  const hidden = pane.getByText(
    /^Preprints not published in a journal are hidden by your filters:/,
  );
  await expect(async () => {
    await pane.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(hidden).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: CORPUS_LOAD_MS, intervals: [2_000] });
  await expect(
    // 36 works of the test corpus, plus what other tests of the run stored.
    pane.getByText(
      /^Searched: this server's library \([\d,]+ works\); outside sources are unreachable \(arXiv\)$/,
    ),
  ).toBeVisible();
  const before =
    (await pane.getByText(/^Found \d+ results$/).count()) > 0 ? await resultCount(page) : 0;
  const show = hidden.getByRole('button', { name: /^show \d+$/ });
  const hiddenCount = Number(/\d+/.exec((await show.textContent()) ?? '')?.[0]);
  expect(hiddenCount).toBeGreaterThan(0);
  await screenshot(page, 'references-sources');

  await show.click();
  await expect(hidden).toBeHidden();
  await expect(pane.getByText(/^Found \d+ results$/)).toBeVisible();
  expect(await resultCount(page)).toBe(before + hiddenCount);

  // The click turned preprints on in the saved filters.
  await page.getByRole('button', { name: 'Limit Sources' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search Filters' });
  await expect(dialog.getByLabel('Preprints')).toBeChecked();
});
