import type { Browser, BrowserContext } from '@playwright/test';
import {
  createPaper,
  saveWithToolbar,
  toolbarButton,
  editor,
  expect,
  openPaper,
  storedPaper,
  test,
  updatePaper,
} from './editor-helpers';
import { signUp } from './helpers';

/**
 * Issue 32: one live document. Two tabs of one user type into the same paragraph at once, an
 * API client's PUT shows in an open editor, and none of it asks anything.
 */

test.describe.configure({ timeout: 180_000 });

const FIRST = 'Typed in the first tab at full speed.';
const SECOND = 'Typed in the second tab at full speed.';

// Both sentences start with 'Typed in the ' and are typed at one caret position at once: the
// equal neighbouring characters are what once made them interleave (typing-in-place.ts).
// The second tab is another browser context with the same session, as another window is.
test('two tabs typing into the same paragraph at once both keep their sentence, with no dialog', async ({
  page,
  context,
  browser,
}) => {
  const paper = await createPaper(page, 'Two tabs', 'The shared paragraph.');
  const otherContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: await context.storageState(),
  });
  const other = await otherContext.newPage();
  await openPaper(page, 'Two tabs');
  await openPaper(other, 'Two tabs');
  for (const tab of [page, other]) {
    await editor(tab).getByText('The shared paragraph.').click();
    await tab.keyboard.press('End');
  }
  await Promise.all([page.keyboard.type(` ${FIRST}`), other.keyboard.type(` ${SECOND}`)]);
  for (const tab of [page, other]) {
    await expect(editor(tab)).toContainText(FIRST);
    await expect(editor(tab)).toContainText(SECOND);
    await expect(tab.getByRole('dialog')).toHaveCount(0);
  }
  await expect
    .poll(async () => {
      const { content } = await storedPaper(page, paper.id);
      return [content.includes(FIRST), content.includes(SECOND)];
    })
    .toEqual([true, true]);
  await otherContext.close();
});

test('two signed-in users typing into the same paragraph at once both keep their sentence, with no dialog', async ({
  page,
  browser,
}) => {
  const paper = await createPaper(page, 'Two authors', 'The shared paragraph.');
  // Signed out: a new context would otherwise take the owner's session from the fixture.
  const coauthorContext = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: { cookies: [], origins: [] },
  });
  const coauthor = await coauthorContext.newPage();
  const email = await signUp(coauthor, 'Corey Coauthor');

  // The owner shares the paper with the co-author as an editor.
  await openPaper(page, 'Two authors');
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const share = page.getByRole('dialog', { name: 'Share' });
  await share.getByLabel('E-mail address of an existing account').fill(email);
  await share
    .getByLabel('Role for the invited person')
    .selectOption({ label: 'Editor (edit, comment, upload, use AI at their own cost)' });
  await share.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(share.getByLabel('Role of Corey Coauthor')).toHaveValue('editor');
  await share.getByRole('button', { name: 'Close', exact: true }).click();

  await openPaper(coauthor, 'Two authors');
  for (const tab of [page, coauthor]) {
    await editor(tab).getByText('The shared paragraph.').click();
    await tab.keyboard.press('End');
  }
  await Promise.all([page.keyboard.type(` ${FIRST}`), coauthor.keyboard.type(` ${SECOND}`)]);
  for (const tab of [page, coauthor]) {
    await expect(editor(tab)).toContainText(FIRST);
    await expect(editor(tab)).toContainText(SECOND);
    await expect(tab.getByRole('dialog')).toHaveCount(0);
  }
  await expect
    .poll(async () => {
      const { content } = await storedPaper(page, paper.id);
      return [content.includes(FIRST), content.includes(SECOND)];
    })
    .toEqual([true, true]);
  await coauthorContext.close();
});

test('a PUT from another client shows in the open editor without a reload and keeps the typing', async ({
  page,
}) => {
  const paper = await createPaper(page, 'Put while open', '# Intro\n\nOne.\n\nTwo.');
  await openPaper(page, 'Put while open');
  await editor(page).getByText('One.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Typed and not saved.');
  await expect
    .poll(async () => (await storedPaper(page, paper.id)).content)
    .toContain('Typed and not saved.');
  const read = (await storedPaper(page, paper.id)).content;
  await updatePaper(page, paper.id, { content: read.replace('Two.', 'Two, from a script.') });
  await expect(editor(page)).toContainText('Two, from a script.');
  await expect(editor(page)).toContainText('One. Typed and not saved.');
  await page.keyboard.type(' And more.');
  await expect(editor(page)).toContainText('One. Typed and not saved. And more.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

/** Another window of the same user: its own browser context with the session. */
async function secondWindow(browser: Browser, context: BrowserContext): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: await context.storageState(),
  });
}

test('undo in one tab takes back only its own typing, never the other tab’s', async ({
  page,
  context,
  browser,
}) => {
  await createPaper(page, 'Undo per tab', 'First paragraph.\n\nSecond paragraph.');
  const otherContext = await secondWindow(browser, context);
  const other = await otherContext.newPage();
  await openPaper(page, 'Undo per tab');
  await openPaper(other, 'Undo per tab');
  await editor(page).getByText('First paragraph.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Typed in A.');
  await editor(other).getByText('Second paragraph.').click();
  await other.keyboard.press('End');
  await other.keyboard.type(' Typed in B.');
  await expect(editor(page)).toContainText('Second paragraph. Typed in B.');

  // More presses than A has changes: an empty undo stack leaves B's text alone too.
  for (let press = 0; press < 10; press++) await page.keyboard.press('ControlOrMeta+z');
  for (const tab of [page, other]) {
    await expect(editor(tab)).toContainText('First paragraph.Second paragraph. Typed in B.');
  }
  await otherContext.close();
});

test('a restore reaches an open tab as a change: its typing during and after it stays', async ({
  page,
  context,
  browser,
}) => {
  const paper = await createPaper(page, 'Restore live', 'Kept paragraph.\n\nBusy paragraph.');
  await openPaper(page, 'Restore live');
  await editor(page).getByText('Kept paragraph.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Edited later.');
  expect((await saveWithToolbar(page)).status()).toBe(200);

  const otherContext = await secondWindow(browser, context);
  const other = await otherContext.newPage();
  await openPaper(other, 'Restore live');
  await editor(other).getByText('Busy paragraph.').click();
  await other.keyboard.press('End');

  await toolbarButton(page, 'Version history').click();
  const dialog = page.getByRole('dialog', { name: 'Version History' });
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Restore version 1?' });
  // The other tab types while the restore is asked for and applied.
  await Promise.all([
    other.keyboard.type(' Typed during the restore.'),
    confirm.getByRole('button', { name: 'Restore' }).click(),
  ]);
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(editor(page)).not.toContainText('Edited later.');
  await expect(editor(other)).not.toContainText('Edited later.');
  await other.keyboard.type(' And after it.');

  // What reached the server before the restore is discarded with the rest of the unsaved text
  // (as the confirmation says); what was on its way and what follows stays. Both tabs and the
  // server agree, and nothing needed a reload or asked anything.
  await expect(editor(other)).toContainText('Busy paragraph.');
  await expect(editor(other)).toContainText('And after it.');
  await expect
    .poll(async () => (await storedPaper(page, paper.id)).content)
    .toContain('And after it.');
  const final = await editor(other).textContent();
  await expect(editor(page)).toHaveText(final ?? '');
  for (const tab of [page, other]) await expect(tab.getByRole('dialog')).toHaveCount(0);
  await otherContext.close();
});

// Redo with nothing left to redo once fell back to undo (ProseMirror's keymap retries a key
// without Shift), so pressing it too often took the text away again (live-collaboration.ts).
test('redo in one tab brings back its own undone typing, however often it is pressed', async ({
  page,
  context,
  browser,
}) => {
  await createPaper(page, 'Redo per tab', 'First paragraph.\n\nSecond paragraph.');
  const otherContext = await secondWindow(browser, context);
  const other = await otherContext.newPage();
  await openPaper(page, 'Redo per tab');
  await openPaper(other, 'Redo per tab');
  await editor(page).getByText('First paragraph.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Typed in A.');
  await expect(editor(other)).toContainText('First paragraph. Typed in A.');
  await editor(other).getByText('Second paragraph.').click();
  await other.keyboard.press('End');
  await other.keyboard.type(' Typed in B.');
  await expect(editor(page)).toContainText('Second paragraph. Typed in B.');

  for (let press = 0; press < 10; press++) await page.keyboard.press('ControlOrMeta+z');
  for (const tab of [page, other]) {
    await expect(editor(tab)).toHaveText('First paragraph.Second paragraph. Typed in B.');
  }
  for (let press = 0; press < 10; press++) await page.keyboard.press('ControlOrMeta+Shift+z');
  for (const tab of [page, other]) {
    await expect(editor(tab)).toHaveText(
      'First paragraph. Typed in A.Second paragraph. Typed in B.',
    );
  }
  await otherContext.close();
});
