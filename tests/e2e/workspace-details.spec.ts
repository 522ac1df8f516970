import { paperList, screenshot } from './helpers';
import {
  createPaper,
  editor,
  expect,
  importReferences,
  openPaper,
  test,
  toolbarButton,
  updatePaper,
} from './editor-helpers';
import { referencesPane } from './references-helpers';

/** Issue 7, item 10: the smaller things a researcher notices. */

// Each test clicks through several screens; a shared, busy machine makes them slow.
test.describe.configure({ timeout: 180_000 });

test('long titles have a tooltip; at 1024 px Save and the toolbar menus are in view', async ({
  page,
}) => {
  const title =
    'A very long title about message passing neural networks for molecular property prediction';
  await createPaper(page, title, 'Text.');
  await openPaper(page, title);
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(paperList(page).locator('.paper-open', { hasText: title })).toHaveAttribute(
    'title',
    title,
  );
  const truncated = await paperList(page)
    .locator('.paper-title', { hasText: title })
    .evaluate((element) => element.scrollHeight > element.clientHeight);
  expect(truncated).toBe(true);

  // Every button, at every width, is checked in editor-toolbar.spec.ts.
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeInViewport({ ratio: 1 });
  await page.getByRole('button', { name: 'Save options' }).click();
  await expect(page.getByRole('menuitem', { name: 'Save As...' })).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Insert table' }).click();
  await expect(page.getByRole('dialog', { name: 'Choose table size' })).toBeInViewport({
    ratio: 1,
  });
  await screenshot(page, 'toolbar-1024');
  await page.keyboard.press('Escape');

  // The References toggle keeps its distance from Close.
  const close = await page.getByRole('button', { name: 'Close', exact: true }).boundingBox();
  const toggle = await page.getByRole('button', { name: 'Collapse References' }).boundingBox();
  expect(close && toggle && toggle.x - (close.x + close.width)).toBeGreaterThanOrEqual(12);
});

test('Compare Versions, from Version History, shows a version and the current text rendered, markdown only with differences', async ({
  page,
}) => {
  const paper = await createPaper(page, 'Rendered compare', 'Plain **strong** start.');
  // A save keeps the text it replaces as version 1.
  await updatePaper(page, paper.id, { content: 'Plain **strong** start.\n\n## Added heading' });
  await openPaper(page, 'Rendered compare');
  await toolbarButton(page, 'Version history').click();
  const history = page.getByRole('dialog', { name: 'Version History' });
  await history.getByRole('button', { name: 'Compare with current' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare Versions' });
  const version = dialog.getByRole('region', { name: 'Version 1' });
  const current = dialog.getByRole('region', { name: 'Current' });
  await expect(version.locator('strong')).toHaveText('strong');
  await expect(current.getByRole('heading', { name: 'Added heading' })).toBeVisible();
  await expect(current).not.toContainText('**');
  await dialog.getByLabel('Show differences').check();
  await expect(current).toContainText('Plain **strong** start.');
  await expect(current.locator('mark.diff-added')).toContainText(['Added heading']);
  await dialog.getByRole('button', { name: 'Keep current' }).click();
  await expect(dialog).toBeHidden();
  await expect(history).toBeVisible();
  await expect(editor(page)).toContainText('Added heading');
});

test('skipped heading levels number by the outline', async ({ page }) => {
  await createPaper(page, 'Skipped levels', '## Intro\n\n###### Deep detail\n\n### Method');
  await openPaper(page, 'Skipped levels');
  const doc = editor(page);
  await expect(doc.locator('h2')).toHaveAttribute('data-number', '1');
  await expect(doc.locator('h6')).toHaveAttribute('data-number', '1.1');
  await expect(doc.locator('h3')).toHaveAttribute('data-number', '1.2');
});

test('the References pane separates works the text cites from works it only holds', async ({
  page,
}) => {
  const paper = await createPaper(page, 'Cited or imported');
  const works = await importReferences(
    page,
    paper.id,
    `@article{a2020, author = {Smith, John}, title = {Cited in the text}, journal = {J}, year = {2020}}
@article{b2021, author = {Lee, Ann}, title = {Imported only}, journal = {J}, year = {2021}}`,
  );
  const cited = works.get('Cited in the text')?.refId ?? 'ref_missing0';
  await updatePaper(page, paper.id, { content: `A claim [${cited}].` });
  await openPaper(page, 'Cited or imported');

  const pane = referencesPane(page);
  const inText = pane.getByRole('region', { name: 'Cited in this paper' });
  const notInText = pane.getByRole('region', { name: 'Not cited in the text' });
  await expect(inText).toContainText('Cited in the text');
  await expect(inText).not.toContainText('Imported only');
  await expect(notInText).toContainText('Imported only');

  // Removing the citation from the text moves its work to the other list.
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('No claims left.');
  await expect(notInText).toContainText('Cited in the text');
  await expect(inText).toContainText('No cited works yet.');
});
