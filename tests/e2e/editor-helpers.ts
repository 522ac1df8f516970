import type { Page } from '@playwright/test';
import { test as base, expect } from './page-test';
import { paperList, signUp } from './helpers';

export { expect };

type StorageState = Awaited<ReturnType<ReturnType<Page['context']>['storageState']>>;

/**
 * Tests signed in as one user per worker: auth routes are rate limited per client, so a
 * sign-up and several session checks per test would trip the limit in a long run.
 */
export const test = base.extend<object, { account: StorageState }>({
  account: [
    async ({ browser }, use, workerInfo) => {
      const page = await browser.newPage({ baseURL: workerInfo.project.use.baseURL });
      await signUp(page);
      const state = await page.context().storageState();
      await page.close();
      await use(state);
    },
    { scope: 'worker' },
  ],
  storageState: async ({ account }, use) => use(account),
});

interface StoredPaper {
  id: string;
  title: string;
  content: string;
  citations: unknown[];
  updated_at: string;
  autosave_title: string | null;
  autosave_content: string | null;
}

export interface ImportedWork {
  refId: string;
  title: string;
}

/** Creates a paper through the API, with the page's session cookie. */
export async function createPaper(page: Page, title: string, content = ''): Promise<StoredPaper> {
  const created = await page.request.post('/api/papers', {
    data: { title, type: 'scientific', content },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return (await created.json()) as StoredPaper;
}

/** Stores works from BibTeX and cites them in the paper; answers them by title. */
export async function importReferences(
  page: Page,
  paperId: string,
  bibtex: string,
): Promise<Map<string, ImportedWork>> {
  const response = await page.request.post(`/api/papers/${paperId}/references/import`, {
    data: { format: 'bibtex', text: bibtex },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const { imported } = (await response.json()) as { imported: ImportedWork[] };
  return new Map(imported.map((work) => [work.title, work]));
}

export async function storedPaper(page: Page, id: string): Promise<StoredPaper> {
  const response = await page.request.get(`/api/papers/${id}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as StoredPaper;
}

/** Saves changes through the API, as another client would. */
export async function updatePaper(page: Page, id: string, changes: Partial<StoredPaper>) {
  const current = await storedPaper(page, id);
  const response = await page.request.put(`/api/papers/${id}`, {
    data: { ...changes, updated_at: current.updated_at },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as StoredPaper;
}

/** Opens a paper from the list (loading the workspace afresh, so it lists API-made papers). */
export async function openPaper(page: Page, title: string) {
  await page.goto('/');
  await expect(paperList(page)).toBeAttached();
  // A narrow window shows one pane at a time: the list is under the Papers tab.
  const papersTab = page
    .getByRole('tablist', { name: 'Panes' })
    .getByRole('tab', { name: 'Papers' });
  if (await papersTab.isVisible()) await papersTab.click();
  await paperList(page).getByText(title, { exact: true }).click();
  await expect(page.getByLabel('Paper title')).toHaveValue(title);
  await expect(editor(page)).toBeVisible();
}

export function editor(page: Page) {
  return page.locator('.scriptor-editor');
}

export function toolbarButton(page: Page, name: string) {
  return page
    .getByRole('toolbar', { name: 'Formatting' })
    .getByRole('button', { name, exact: true });
}

/** Puts the cursor at the end of the document. */
export async function cursorAtEnd(page: Page) {
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+End');
}

/** Dispatches a paste of `html` (and optional plain text), as a browser does from the clipboard. */
export async function pasteHtml(page: Page, html: string, text = '') {
  await page.evaluate(
    ([markup, plain]) => {
      const data = new DataTransfer();
      data.setData('text/html', markup);
      data.setData('text/plain', plain);
      document
        .querySelector('.scriptor-editor')
        ?.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
    },
    [html, text] as const,
  );
}

/** Clicks the toolbar Save and answers the PUT it sends. */
export async function saveWithToolbar(page: Page) {
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().includes('/api/papers/'),
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  return saved;
}
