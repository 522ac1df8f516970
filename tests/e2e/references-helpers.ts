import { expect, type Page } from '@playwright/test';

/** How long a fresh server may take to load its corpus before searches find anything. */
export const CORPUS_LOAD_MS = 120_000;

export function referencesPane(page: Page) {
  return page.getByRole('complementary', { name: 'References' });
}

export function resultButtons(page: Page) {
  return referencesPane(page).locator('.search-result');
}

/**
 * Searches from the References pane until results show: on a fresh server the corpus is still
 * loading in the background and early searches find nothing.
 */
export async function searchLiterature(page: Page, query: string) {
  const pane = referencesPane(page);
  await pane.getByLabel('Search literature').fill(query);
  await expect(async () => {
    await pane.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(pane.getByText(/^Found \d+ results$/)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: CORPUS_LOAD_MS, intervals: [2_000] });
}

/** The number in 'Found N results'. */
export async function resultCount(page: Page): Promise<number> {
  const text = await referencesPane(page)
    .getByText(/^Found \d+ results$/)
    .textContent();
  return Number(/\d+/.exec(text ?? '')?.[0] ?? Number.NaN);
}

export async function dismissAlert(page: Page, message: string) {
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText(message);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(alert).toBeHidden();
}

/** Stores the user's search filters through the API: the defaults with these document types. */
export async function saveSearchFilters(page: Page, documentTypes: Record<string, boolean>) {
  const response = await page.request.put('/api/settings/search-filters', {
    data: {
      filters: {
        includeText: '',
        excludeText: '',
        yearRange: [1990, new Date().getFullYear()],
        minCitations: 0,
        documentTypes: {
          article: true,
          preprint: false,
          wikipedia: false,
          rmv: false,
          web: false,
          ...documentTypes,
        },
        jifFilter: { enabled: false, minValue: 0 },
      },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/**
 * Saves filters that let preprints through and reloads so the workspace uses them: the browser
 * tests' corpus is a small set of arXiv records, which the default filters (articles only) hide.
 */
export async function allowPreprints(page: Page) {
  await saveSearchFilters(page, { preprint: true });
  await page.reload();
}
