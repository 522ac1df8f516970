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

/**
 * Issue 7, item 1: nothing a user types is lost by switching, closing, reloading or a crash.
 * With the live document (docs/live-document.md) the typing is on the server as it is made and
 * in this browser's IndexedDB; nothing is offered back on opening, since nothing was kept apart.
 */

// Each test clicks through several screens; a shared, busy machine makes them slow.
test.describe.configure({ timeout: 180_000 });

function compareDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Compare Versions' });
}

async function typeAtEnd(page: Page, text: string) {
  await cursorAtEnd(page);
  await page.keyboard.type(text);
}

test('typing survives switching papers, Close and a reload, and nothing asks', async ({ page }) => {
  // Leaving with unsaved changes asks first; the test means to leave.
  page.on('dialog', (dialog) => void dialog.accept());
  const first = await createPaper(page, 'Draft switching', 'Stored first.');
  await createPaper(page, 'Draft other', 'Other paper.');
  await openPaper(page, 'Draft switching');

  await typeAtEnd(page, ' Typed before switching.');
  await paperList(page).getByText('Draft other', { exact: true }).click();
  await expect(page.getByLabel('Paper title')).toHaveValue('Draft other');
  await paperList(page).getByText('Draft switching', { exact: true }).click();
  await expect(editor(page)).toHaveText('Stored first. Typed before switching.');
  await expect(compareDialog(page)).toHaveCount(0);

  await typeAtEnd(page, ' Typed before closing.');
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible();
  await paperList(page).getByText('Draft switching', { exact: true }).click();
  await expect(editor(page)).toHaveText(
    'Stored first. Typed before switching. Typed before closing.',
  );

  await typeAtEnd(page, ' Typed before reloading.');
  await page.reload();
  const all = 'Stored first. Typed before switching. Typed before closing. Typed before reloading.';
  await expect(editor(page)).toHaveText(all);
  await expect(compareDialog(page)).toHaveCount(0);
  await expect.poll(async () => (await storedPaper(page, first.id)).content).toBe(all);
});

test('typing done with the server out of reach survives a crashed tab through IndexedDB', async ({
  page,
  context,
}) => {
  const paper = await createPaper(page, 'Draft crash', 'Stored text.');
  // A first opening fills this browser's copy of the live document.
  await openPaper(page, 'Draft crash');
  await page.close();

  // A tab whose collaboration socket reaches nothing: it shows the paper from IndexedDB.
  const cut = await context.newPage();
  await cut.routeWebSocket(/\/collaboration/, () => undefined);
  await openPaper(cut, 'Draft crash');
  await typeAtEnd(cut, ' Typed just before the crash.');
  await expect(editor(cut)).toHaveText('Stored text. Typed just before the crash.');
  // No unload runs after a crash: the tab is simply never heard from again.
  await cut.close({ runBeforeUnload: false });
  const again = await context.newPage();
  // Only the browser's copy has the words.
  expect((await storedPaper(again, paper.id)).content).toBe('Stored text.');
  await openPaper(again, 'Draft crash');
  await expect(editor(again)).toHaveText('Stored text. Typed just before the crash.');
  await expect(compareDialog(again)).toHaveCount(0);
  await expect
    .poll(async () => (await storedPaper(again, paper.id)).content)
    .toBe('Stored text. Typed just before the crash.');
});

test('a saved paper leaves no draft in localStorage and reopening asks nothing', async ({
  page,
}) => {
  const paper = await createPaper(page, 'Draft saved', 'Start.');
  await openPaper(page, 'Draft saved');
  await typeAtEnd(page, ' Typed.');
  await page.keyboard.press('ControlOrMeta+s');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  expect((await storedPaper(page, paper.id)).content).toBe('Start. Typed.');
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('scriptor.draft.')),
    ),
  ).toEqual([]);
  await page.reload();
  await expect(editor(page)).toHaveText('Start. Typed.');
  await expect(compareDialog(page)).toHaveCount(0);
});
