import { expect, type Page } from '@playwright/test';
import { createPaper, editor, openPaper, storedPaper } from './editor-helpers';

export { createPaper, editor, openPaper, storedPaper };

export interface FoundWork {
  refId: string;
  title: string;
}

/** A work of the test corpus, found through the real search. */
export async function findWork(
  page: Page,
  query: string,
): Promise<FoundWork & Record<string, unknown>> {
  const response = await page.request.post('/api/search', { data: { q: query, n: 5 } });
  expect(response.ok(), await response.text()).toBe(true);
  const { results } = (await response.json()) as {
    results: (FoundWork & Record<string, unknown>)[];
  };
  const [first] = results;
  if (!first) throw new Error(`No work found for '${query}'`);
  return first;
}

/** Opens the section menu of the heading numbered `number` and picks `entry`. */
export async function chooseSectionAction(page: Page, number: string, entry: string) {
  await editor(page)
    .getByRole('button', { name: `Section menu ${number}`, exact: true })
    .click();
  const menu = page.getByRole('menu');
  await menu.getByRole('menuitem', { name: entry, exact: true }).click();
}

export function previewDialog(page: Page) {
  return page
    .getByRole('dialog')
    .filter({ has: page.getByRole('heading', { name: 'Generated Text' }) });
}

/** Clicks the toolbar Save and waits for the stored paper. */
export async function save(page: Page) {
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().includes('/api/papers/'),
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).ok()).toBe(true);
}

/** A deferred the fake model waits on before its first token. */
export function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open: () => open() };
}
