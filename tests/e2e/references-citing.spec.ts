import { expect, test } from './page-test';
import { addPaper, screenshot, signUp } from './helpers';
import { cursorAtEnd, editor, saveWithToolbar, toolbarButton } from './editor-helpers';
import {
  allowPreprints,
  CORPUS_LOAD_MS,
  referencesPane,
  resultButtons,
  searchLiterature,
} from './references-helpers';

test('cite from search, open a citation, generate APA references, remove all citations', async ({
  page,
}) => {
  test.setTimeout(CORPUS_LOAD_MS + 120_000);
  await signUp(page);
  await allowPreprints(page);
  // The corpus must answer before the toolbar search below can show anything.
  await searchLiterature(page, 'sleep');

  await addPaper(page, 'Sleep apnea review');
  const doc = editor(page);
  await doc.click();
  await page.keyboard.type('Sleep apnea quantification from cardiovascular data');

  // The toolbar search fills the pane's box, runs it and expands a collapsed pane (002 §2).
  const rightPaneWidth = () =>
    page
      .locator('[data-panel-id="right"]')
      .evaluate((panel) => panel.getBoundingClientRect().width);
  await page.getByRole('button', { name: 'Collapse References' }).click();
  await expect.poll(rightPaneWidth).toBe(0);
  await toolbarButton(page, 'Search literature for the selection or paragraph').click();
  await expect.poll(rightPaneWidth).toBeGreaterThan(200);
  const pane = referencesPane(page);
  await expect(pane.getByLabel('Search literature')).toHaveValue(
    'Sleep apnea quantification from cardiovascular data',
  );
  await expect(pane.getByText(/^Found \d+ results$/)).toBeVisible();

  // Cite the first result at the cursor: its in-text label appears in the editor.
  const title = (await resultButtons(page).first().locator('.result-title').textContent()) ?? '';
  await resultButtons(page).first().click();
  const modal = page.getByRole('dialog', { name: title });
  await modal.getByTitle('Insert citation at cursor position').click();
  await expect(modal).toBeHidden();
  const label = doc.locator('.citation-label').first();
  await expect(label).toHaveText(/^[^()]+, (\d{4}|n\.d\.)$/);
  await expect(pane.getByRole('region', { name: 'Cited in this paper' })).toContainText(title);
  await screenshot(page, 'references-cited');

  // A click on the citation opens the reference modal for that work.
  await label.click();
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Close' }).click();

  // From the keyboard: the caret steps onto the citation (selecting it), Enter opens it
  // instead of splitting the paragraph, and the focus comes back to the text. Its label is no
  // tab stop in the editor: the caret reaches it.
  await expect(label).not.toHaveAttribute('tabindex');
  const blocks = await doc.locator(':scope > *').count();
  await cursorAtEnd(page);
  await page.keyboard.press('ArrowLeft');
  await expect(doc.locator('.citation.ProseMirror-selectednode')).toHaveCount(1);
  const details = page.getByRole('dialog', { name: title });
  await page.keyboard.press('Enter');
  await expect(details).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(doc).toBeFocused();
  const citation = doc.locator('.citation');
  await expect(citation).toHaveCount(1);
  await expect(doc.locator(':scope > *')).toHaveCount(blocks);
  // Typing while it is selected goes after it instead of replacing it; typing before it types
  // as before (the caret stepping over it).
  await expect(doc.locator('.citation.ProseMirror-selectednode')).toHaveCount(1);
  await page.keyboard.type(' today');
  // Back over the words (where the line wraps is the browser's business) onto the citation.
  const selected = doc.locator('.citation.ProseMirror-selectednode');
  for (let presses = 0; presses < 20 && (await selected.count()) === 0; presses += 1) {
    await page.keyboard.press('ArrowLeft');
  }
  await expect(selected).toHaveCount(1);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type('!');
  await expect(citation).toHaveCount(1);
  expect(
    await citation.evaluate((node) => [
      node.previousSibling?.textContent?.slice(-1),
      node.nextSibling?.textContent,
    ]),
  ).toEqual(['!', ' today']);

  // 'Generate APA References' inserts the reference list at the cursor.
  await cursorAtEnd(page);
  await page.keyboard.press('Enter');
  await page.keyboard.type('References');
  await page.keyboard.press('Enter');
  await toolbarButton(page, 'Generate APA References').click();
  const entry = doc.locator('.bibliography-entry');
  // The first reference list of a fresh server waits for the citation engine to start.
  await expect(entry).toHaveCount(1, { timeout: 30_000 });
  await expect(entry).toContainText(/\(\d{4}\)\./);
  await expect(doc.getByText(/Missing reference/)).toHaveCount(0);
  await screenshot(page, 'references-bibliography');

  const saved = await saveWithToolbar(page);
  expect(saved.ok()).toBe(true);
  const stored = (await saved.json()) as { content: string; citations: { refId: string }[] };
  const refId = stored.citations[0]?.refId ?? '';
  expect(refId).toMatch(/^ref_[a-z0-9]{8}$/);
  expect(stored.content).toContain(`[${refId}]`);
  expect(stored.content).toContain(`[x${refId}] `);

  // 'Remove all citations' takes the in-text citation and the list's marker away.
  await toolbarButton(page, 'Remove all citations').click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove all citations?' });
  await confirm.getByRole('button', { name: 'Yes, remove all' }).click();
  await expect(doc.locator('.citation')).toHaveCount(0);
  await expect(doc.locator('.bibliography-entry')).toHaveCount(0);
  await expect(doc).toContainText('Sleep apnea quantification from cardiovascular data');
});

test('Generate APA References alerts when nothing is cited', async ({ page }) => {
  await signUp(page);
  await addPaper(page, 'Uncited draft');
  await editor(page).click();
  await page.keyboard.type('No sources yet.');
  await toolbarButton(page, 'Generate APA References').click();
  await expect(page.getByRole('alertdialog')).toContainText(
    'This paper has no citations to list yet.',
  );
});

test('citations keep the words around them apart; the APA list gets blocks of its own', async ({
  page,
}) => {
  test.setTimeout(CORPUS_LOAD_MS + 120_000);
  await signUp(page);
  await allowPreprints(page);
  await searchLiterature(page, 'sleep');
  await addPaper(page, 'Spacing');
  const doc = editor(page);
  await doc.click();
  await page.keyboard.type('Sleep apnea increases ');

  const title = (await resultButtons(page).first().locator('.result-title').textContent()) ?? '';
  await resultButtons(page).first().click();
  const modal = page.getByRole('dialog', { name: title });
  await modal.getByTitle('Insert citation at cursor position').click();
  await expect(modal).toBeHidden();
  await expect(doc.locator('.citation-label')).toHaveCount(1);
  // Back in the editor, the user goes on writing right after the citation.
  await cursorAtEnd(page);
  await page.keyboard.type('in adults.');

  // The cursor inside the sentence: the list still goes below the paragraph, under a heading.
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await toolbarButton(page, 'Generate APA References').click();
  await expect(doc.locator('.bibliography-entry')).toHaveCount(1, { timeout: 30_000 });

  const saved = await saveWithToolbar(page);
  const stored = (await saved.json()) as { content: string; citations: { refId: string }[] };
  const refId = stored.citations[0]?.refId ?? '';
  const [paragraph, heading, entry] = stored.content.split('\n\n');
  expect(paragraph).toBe(`Sleep apnea increases [${refId}] in adults.`);
  expect(heading).toBe('## References');
  expect(entry).toMatch(new RegExp(`^\\[x${refId}\\] .+\\(\\d{4}\\)\\..+$`));

  await toolbarButton(page, 'Remove all citations').click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove all citations?' });
  await confirm.getByRole('button', { name: 'Yes, remove all' }).click();
  await expect(doc.locator('.citation')).toHaveCount(0);
  await expect(doc.locator('p').first()).toHaveText('Sleep apnea increases in adults.');
});
