import { screenshot } from './helpers';
import {
  createPaper,
  cursorAtEnd,
  editor,
  expect,
  importReferences,
  openPaper,
  pasteHtml,
  saveWithToolbar,
  storedPaper,
  test,
  toolbarButton,
  updatePaper,
} from './editor-helpers';

/** Issue 7, items 2–4: creating equations, tables, comments and diagrams; the reference modal. */

// Each test clicks through several screens; a shared, busy machine makes them slow.
test.describe.configure({ timeout: 180_000 });

test('a new display equation, then a table, survive the next keystrokes', async ({ page }) => {
  const paper = await createPaper(page, 'Equation cursor', 'Before.');
  await openPaper(page, 'Equation cursor');
  await cursorAtEnd(page);
  await page.keyboard.press('Enter');

  await toolbarButton(page, 'Insert LaTeX equation').click();
  const latex = page.getByRole('dialog', { name: 'Edit LaTeX Expression' });
  await latex.getByLabel('LaTeX expression').fill('E = mc^2');
  await latex.getByRole('button', { name: 'Save' }).click();
  await expect(latex).toBeHidden();
  await page.keyboard.type('Typed after the equation.');
  const equation = editor(page).locator('.equation-block');
  await expect(equation).toHaveAttribute('data-latex', 'E = mc^2');

  await page.keyboard.press('Enter');
  await toolbarButton(page, 'Insert LaTeX equation').click();
  await latex.getByLabel('LaTeX expression').fill('a^2 + b^2 = c^2');
  await latex.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Insert table' }).click();
  await page.getByRole('button', { name: '2 x 2 table', exact: true }).click();
  await page.keyboard.type('Cell');
  await expect(editor(page).locator('.equation-block')).toHaveCount(2);
  await expect(editor(page).locator('table th').first()).toHaveText('Cell');

  await saveWithToolbar(page);
  const { content } = await storedPaper(page, paper.id);
  expect(content).toContain('Before.\n\n$$E = mc^2$$\n\nTyped after the equation.');
  expect(content).toContain('$$a^2 + b^2 = c^2$$\n\n| Cell |  |');
});

test('comments and diagrams are created from the toolbar, typed markdown and paste', async ({
  page,
}) => {
  const paper = await createPaper(page, 'Creating things', 'The effect is disputed.');
  await openPaper(page, 'Creating things');
  const doc = editor(page);

  // 'Add comment' on the selected words.
  await expect(toolbarButton(page, 'Add comment')).toBeDisabled();
  await doc.getByText('The effect is disputed.').evaluate((paragraph) => {
    const text = paragraph.firstChild as Text;
    const range = document.createRange();
    range.setStart(text, 'The effect is '.length);
    range.setEnd(text, 'The effect is disputed'.length);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  });
  await toolbarButton(page, 'Add comment').click();
  const add = page.getByRole('dialog', { name: 'Add Comment' });
  await expect(add.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await add.getByLabel('Comment').fill('Cite the 2021 replication');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(doc.locator('.comment')).toHaveText('disputed');

  // Typed [[note]] is a comment, typed fences are code blocks.
  await cursorAtEnd(page);
  await page.keyboard.type(' Check this [[needs data]] later.');
  await expect(doc.locator('.comment').nth(1)).toHaveText('needs data');
  await page.keyboard.press('Enter');
  await page.keyboard.type('```python');
  await page.keyboard.press('Enter');
  await page.keyboard.type('print(1)');
  await expect(doc.locator('code.language-python')).toHaveText('print(1)');

  // ArrowDown leaves the code block that ends the paper; a typed mermaid fence opens the
  // diagram dialog.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.type('Diagram follows.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('```mermaid');
  await page.keyboard.press('Enter');
  const typed = page.getByRole('dialog', { name: 'Insert Mermaid Diagram' });
  await typed.getByLabel('Mermaid diagram source').fill('graph TD; Typed-->Fence');
  await typed.getByRole('button', { name: 'Save' }).click();
  await expect(doc.locator('.mermaid-diagram svg')).toContainText('Typed');

  // 'Insert diagram' from the toolbar; typing goes on after it.
  await toolbarButton(page, 'Insert diagram').click();
  const inserted = page.getByRole('dialog', { name: 'Insert Mermaid Diagram' });
  await inserted.getByLabel('Mermaid diagram source').fill('graph LR; Toolbar-->Button');
  await inserted.getByRole('button', { name: 'Save' }).click();
  await expect(doc.locator('.mermaid-diagram svg').nth(1)).toContainText('Toolbar');
  await page.keyboard.type('After the diagram.');

  // Pasted highlighted code keeps its language.
  await page.keyboard.press('Enter');
  await pasteHtml(
    page,
    '<pre class="highlight"><code class="hljs language-mermaid">graph TD; Pasted-->Code</code></pre>',
  );
  await expect(doc.locator('.mermaid-diagram svg').nth(2)).toContainText('Pasted');
  await screenshot(page, 'editor-created-comments-diagrams');

  await saveWithToolbar(page);
  const { content } = await storedPaper(page, paper.id);
  expect(content).toContain(
    'The effect is [disputed][[Cite the 2021 replication]]. Check this [[needs data]] later.',
  );
  expect(content).toContain('```python\nprint(1)\n```');
  expect(content).toContain('Diagram follows.\n\n```mermaid\ngraph TD; Typed-->Fence\n```');
  expect(content).toContain('```mermaid\ngraph LR; Toolbar-->Button\n```\n\nAfter the diagram.');
  expect(content).toContain('```mermaid\ngraph TD; Pasted-->Code\n```');
  expect(content).not.toContain('\\[[');
});

test('the reference modal keeps its actions in view while its body scrolls', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 600 });
  const abstract = Array.from(
    { length: 40 },
    (_, index) => `Sentence ${index + 1} of a long abstract about message passing.`,
  ).join(' ');
  const paper = await createPaper(page, 'Modal footer');
  const works = await importReferences(
    page,
    paper.id,
    `@article{long2020, author = {Smith, John}, title = {A long abstract}, journal = {Journal of Graphs}, year = {2020}, abstract = {${abstract}}}`,
  );
  const refId = works.get('A long abstract')?.refId ?? 'ref_missing0';
  await updatePaper(page, paper.id, { content: `Message passing [${refId}].` });
  await openPaper(page, 'Modal footer');

  await editor(page).locator('.citation-label').first().click();
  const modal = page.getByRole('dialog', { name: 'A long abstract' });
  await modal.getByRole('button', { name: 'Abstract (click to expand)' }).click();
  await modal.getByRole('button', { name: 'Show citation' }).click();
  // The citation is formatted on the server, which can take a while on a busy machine.
  await expect(modal.getByLabel('APA citation')).toBeAttached({ timeout: 60_000 });

  await expect(modal.getByRole('button', { name: 'Close' })).toBeInViewport();
  await expect(modal.getByTitle('Insert citation at cursor position')).toBeInViewport();
  const body = modal.locator('.modal-body');
  expect(await body.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
  await body.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(modal.getByLabel('APA citation')).toBeInViewport();
  await expect(modal.getByRole('button', { name: 'Close' })).toBeInViewport();
  await screenshot(page, 'reference-modal-footer');
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
});
