import type { Page } from '@playwright/test';
import { paperList } from './helpers';
import {
  createPaper,
  cursorAtEnd,
  editor,
  expect,
  openPaper,
  storedPaper,
  test,
} from './editor-helpers';

/** Issue 7, item 1: nothing a user types is lost by switching, closing, reloading or a crash. */

// Each test clicks through several screens; a shared, busy machine makes them slow.
test.describe.configure({ timeout: 180_000 });

function compareDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Compare Versions' });
}

/** Takes the unsaved version offered on opening a paper, and waits for it to be saved. */
async function useUnsaved(page: Page, words: string[]) {
  const dialog = compareDialog(page);
  await expect(dialog).toContainText('autosaved changes that were never saved');
  for (const word of words) {
    await expect(dialog.getByRole('region', { name: 'Autosaved' })).toContainText(word);
  }
  await dialog.getByRole('button', { name: 'Use Autosaved' }).click();
  await expect(dialog).toBeHidden();
}

async function typeAtEnd(page: Page, text: string) {
  await cursorAtEnd(page);
  await page.keyboard.type(text);
}

test('typing survives switching papers, Close and a reload', async ({ page }) => {
  // Leaving with unsaved changes asks first; the test means to leave.
  page.on('dialog', (dialog) => void dialog.accept());
  const first = await createPaper(page, 'Draft switching', 'Stored first.');
  await createPaper(page, 'Draft other', 'Other paper.');
  await openPaper(page, 'Draft switching');

  await typeAtEnd(page, ' Typed before switching.');
  const flushed = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/api/autosave'),
  );
  await paperList(page).getByText('Draft other', { exact: true }).click();
  await expect(page.getByLabel('Paper title')).toHaveValue('Draft other');
  // Switching sends the autosave at once, not 30 s later.
  expect((await flushed).ok()).toBe(true);
  expect((await storedPaper(page, first.id)).autosave_content).toBe(
    'Stored first. Typed before switching.',
  );

  await paperList(page).getByText('Draft switching', { exact: true }).click();
  await useUnsaved(page, ['Typed before switching.']);
  await expect(editor(page)).toHaveText('Stored first. Typed before switching.');

  await typeAtEnd(page, ' Typed before closing.');
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible();
  await paperList(page).getByText('Draft switching', { exact: true }).click();
  await useUnsaved(page, ['Typed before switching.', 'Typed before closing.']);

  await typeAtEnd(page, ' Typed before reloading.');
  await page.reload();
  await useUnsaved(page, ['Typed before closing.', 'Typed before reloading.']);
  await expect(editor(page)).toHaveText(
    'Stored first. Typed before switching. Typed before closing. Typed before reloading.',
  );
  const stored = await storedPaper(page, first.id);
  expect(stored.content).toBe(
    'Stored first. Typed before switching. Typed before closing. Typed before reloading.',
  );
  expect(stored.autosave_content).toBeNull();
});

test('typing survives a crashed tab through the draft kept in the browser', async ({
  page,
  context,
}) => {
  const paper = await createPaper(page, 'Draft crash', 'Stored text.');
  await openPaper(page, 'Draft crash');
  await typeAtEnd(page, ' Typed just before the crash.');
  await page.getByLabel('Paper title').fill('Draft crash renamed');
  // The draft is written a moment after typing, long before the 30 s autosave.
  await page.waitForFunction(
    (id) => localStorage.getItem(`scriptor.draft.${id}`)?.includes('renamed') ?? false,
    paper.id,
  );

  // As after a crash, no unload event ran: the first tab is simply never heard from again.
  const again = await context.newPage();
  // No autosave reached the server: only the browser's draft has the words.
  expect((await storedPaper(again, paper.id)).autosave_content).toBeNull();
  await openPaper(again, 'Draft crash');
  const dialog = compareDialog(again);
  await expect(dialog.getByRole('region', { name: 'Autosaved' })).toContainText(
    'Typed just before the crash.',
  );
  await expect(dialog.getByRole('region', { name: 'Autosaved' })).toContainText(
    'Draft crash renamed',
  );
  await dialog.getByRole('button', { name: 'Keep Last Saved' }).click();
  await expect(dialog).toBeHidden();
  await expect(editor(again)).toHaveText('Stored text.');
  // Keep Last Saved discards the draft: the next opening asks nothing.
  await again.reload();
  await expect(editor(again)).toHaveText('Stored text.');
  await expect(compareDialog(again)).toBeHidden();
  expect(await again.evaluate((id) => localStorage.getItem(`scriptor.draft.${id}`), paper.id)).toBe(
    null,
  );
});

test('a saved paper leaves no draft behind and a second tab does not overwrite it', async ({
  page,
  context,
}) => {
  const paper = await createPaper(page, 'Draft two tabs', 'Start.');
  await openPaper(page, 'Draft two tabs');
  await typeAtEnd(page, ' First tab.');
  await page.keyboard.press('ControlOrMeta+s');
  await expect
    .poll(async () => (await storedPaper(page, paper.id)).content)
    .toBe('Start. First tab.');
  await expect
    .poll(() => page.evaluate((id) => localStorage.getItem(`scriptor.draft.${id}`), paper.id))
    .toBeNull();

  const second = await context.newPage();
  await second.goto(`/papers/${paper.id}`);
  await expect(editor(second)).toHaveText('Start. First tab.');
  await expect(compareDialog(second)).toBeHidden();
  await typeAtEnd(second, ' Second tab.');
  await second.keyboard.press('ControlOrMeta+s');
  await expect
    .poll(async () => (await storedPaper(page, paper.id)).content)
    .toBe('Start. First tab. Second tab.');

  // The first tab's older copy meets the second tab's save in Compare Versions.
  await typeAtEnd(page, ' Later in the first.');
  await page.keyboard.press('ControlOrMeta+s');
  const dialog = compareDialog(page);
  await expect(dialog).toContainText('saved in another tab or window');
  await expect(dialog.getByRole('region', { name: /Last saved/ })).toContainText('Second tab.');
  expect((await storedPaper(page, paper.id)).content).toBe('Start. First tab. Second tab.');
});
