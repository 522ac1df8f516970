import {
  createPaper,
  editor,
  expect,
  openPaper,
  storedPaper,
  test,
  updatePaper,
} from './editor-helpers';

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
