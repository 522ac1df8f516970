import type { Page } from '@playwright/test';
import { expectTopmost, screenshot } from './helpers';
import {
  expect,
  test,
  createPaper,
  cursorAtEnd,
  editor,
  importReferences,
  openPaper,
  pasteHtml,
  saveWithToolbar,
  storedPaper,
  toolbarButton,
  updatePaper,
} from './editor-helpers';

const BIBTEX = `
@article{smith2020, author = {Smith, John}, title = {Message passing for molecules}, journal = {Journal of Graphs}, year = {2020}}
@article{lee2019, author = {Lee, Ann and Park, Jin}, title = {Graph kernels}, journal = {Machine Learning}, year = {2019}}
@article{doe, author = {Doe, Jane and Roe, Rick and Poe, Pam}, title = {A tenuous link}, journal = {Letters}}
`;

// A fragment as Word puts it on the clipboard: conditional comments, Office namespaces, MSO
// classes and styles, list paragraphs with drawn bullets, and a script that must never run.
const WORD_HTML = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word">
<head><meta charset="utf-8"><style>p.MsoNormal { font-family: Calibri; color: red; }</style></head>
<body lang=EN-US style='tab-interval:36.0pt'>
<!--StartFragment-->
<h1 style='margin-top:12.0pt;color:#2F5496'>Pasted Heading</h1>
<p class=MsoNormal style='color:red;font-size:14.0pt'>Plain text with <b style='mso-bidi-font-weight:normal'>bold words</b> and <i>in italics</i>.<o:p></o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span></span>First bullet<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span></span>Second bullet<o:p></o:p></p>
<h2 style='color:#2F5496'>Method notes</h2>
<script>alert(1)</script>
<p class=MsoNormal><img width=24 height=12 src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="></p>
<!--EndFragment-->
</body></html>`;

/** A paper citing three stored works; the third with low certainty (spec 000 §5). */
async function openRichPaper(page: Page, title: string) {
  const paper = await createPaper(page, title);
  const works = await importReferences(page, paper.id, BIBTEX);
  const id = (title: string) => works.get(title)?.refId ?? 'ref_missing0';
  const smith = id('Message passing for molecules');
  const lee = id('Graph kernels');
  const doe = id('A tenuous link');
  const stored = await storedPaper(page, paper.id);
  const citations = stored.citations.map((entry) =>
    (entry as { refId: string }).refId === doe ? { ...(entry as object), certainty: 0.4 } : entry,
  );
  const content = RICH_CONTENT.replaceAll('ref_smith001', smith)
    .replaceAll('ref_leepark1', lee)
    .replaceAll('ref_weakcite', doe)
    .replaceAll('xref_smith001', `x${smith}`);
  await updatePaper(page, paper.id, { content, citations });
  await openPaper(page, title);
  return { id: paper.id, smith, lee, doe };
}

const RICH_CONTENT = [
  '# Graph networks',
  '',
  '## Introduction',
  '',
  'Message passing improves accuracy [ref_smith001] and kernels help [ref_leepark1; ref_weakcite]. An unknown source [ref_unknown1].',
  '',
  'Energy is $$E = mc^2$$ in running text.',
  '',
  '$$',
  '\\int_0^1 x^2 \\, dx = \\frac{1}{3}',
  '$$',
  '',
  '### Background',
  '',
  'Prior work [is disputed][[Check this claim]] by some.',
  '',
  '```mermaid',
  'graph TD; Input-->Encoder; Encoder-->Output',
  '```',
  '',
  '## References',
  '',
  '[xref_smith001] Smith, J. (2020). Message passing for molecules. Journal of Graphs.',
  '[xref_gone0000] Removed, R. (2001). A work no longer cited.',
  '',
].join('\n');

test('renders citations, equations, diagrams, comments and numbered headings', async ({ page }) => {
  await openRichPaper(page, 'Rich paper');
  const doc = editor(page);

  // In-text labels from the stored citations (spec 000 §5); unknown ids stay visible.
  await expect(doc.locator('.citation').first()).toHaveText('(Smith, 2020)');
  await expect(doc.locator('.citation').nth(1)).toHaveText('(Lee & Park, 2019; Doe et al., n.d.)');
  const weak = doc.locator('.citation-label', { hasText: 'Doe et al., n.d.' });
  await expect(weak).toHaveClass(/uncertain/);
  await expect(weak).toHaveAttribute(
    'title',
    'Warning: This citation may not support the claim based on the abstract content',
  );
  await expect(weak).toHaveCSS('color', 'rgb(162, 79, 5)');
  await expect(doc.locator('.citation').nth(2)).toHaveText('[ref_unknown1]');

  // Bibliography: a known entry shows its text, an unknown one the red missing marker.
  await expect(doc.locator('.bibliography-entry').first()).toContainText('Smith, J. (2020)');
  const missing = doc.getByText('[Missing reference: ref_gone0000]');
  await expect(missing).toBeVisible();
  await expect(missing).toHaveCSS('color', 'rgb(180, 35, 24)');

  // Headings: level 1 resets and has no number; the others are dotted.
  await expect(doc.locator('h1')).not.toHaveAttribute('data-number', /.*/);
  await expect(doc.locator('h2').first()).toHaveAttribute('data-number', '1');
  await expect(doc.locator('h3')).toHaveAttribute('data-number', '1.1');
  await expect(doc.locator('h2').nth(1)).toHaveAttribute('data-number', '2');

  // KaTeX renders both equations; Mermaid renders the diagram.
  await expect(doc.locator('.equation-inline .katex')).toBeVisible();
  await expect(doc.locator('.equation-block .katex-display')).toBeVisible();
  await expect(doc.locator('.mermaid-diagram svg')).toBeVisible();
  await expect(doc.locator('.comment')).toHaveText('is disputed');
  await screenshot(page, 'editor-rich');
});

test('toolbar: marks, lists, headings 1-5 with numbers, equation, table', async ({ page }) => {
  const paper = await createPaper(page, 'Toolbar paper');
  await openPaper(page, 'Toolbar paper');
  const doc = editor(page);
  await doc.click();

  await page.keyboard.type('Plain ');
  await toolbarButton(page, 'Bold').click();
  await page.keyboard.type('strong');
  await toolbarButton(page, 'Bold').click();
  await page.keyboard.type(' and ');
  await toolbarButton(page, 'Italic').click();
  await page.keyboard.type('slanted');
  await toolbarButton(page, 'Italic').click();
  await page.keyboard.type(' and ');
  await toolbarButton(page, 'Inline code').click();
  await page.keyboard.type('x = 1');
  await toolbarButton(page, 'Inline code').click();
  await expect(doc.locator('strong')).toHaveText('strong');
  await expect(doc.locator('em')).toHaveText('slanted');
  await expect(doc.locator('p code')).toHaveText('x = 1');

  await page.keyboard.press('Enter');
  await toolbarButton(page, 'Bullet list').click();
  await page.keyboard.type('first item');
  await page.keyboard.press('Enter');
  await page.keyboard.type('second item');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await toolbarButton(page, 'Numbered list').click();
  await page.keyboard.type('step one');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(doc.locator('ul > li')).toHaveText(['first item', 'second item']);
  await expect(doc.locator('ol > li')).toHaveText(['step one']);

  const headings = ['Part', 'Chapter', 'Section', 'Subsection', 'Paragraph'];
  for (const [index, text] of headings.entries()) {
    await toolbarButton(page, `H${index + 1} heading`).click();
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
  }
  await toolbarButton(page, 'H2 heading').click();
  await page.keyboard.type('Second chapter');
  await page.keyboard.press('Enter');
  await expect(doc.locator('h1')).toHaveText('Part');
  await expect(doc.locator('h2').first()).toHaveAttribute('data-number', '1');
  await expect(doc.locator('h3')).toHaveAttribute('data-number', '1.1');
  await expect(doc.locator('h4')).toHaveAttribute('data-number', '1.1.1');
  await expect(doc.locator('h5')).toHaveAttribute('data-number', '1.1.1.1');
  await expect(doc.locator('h2').nth(1)).toHaveAttribute('data-number', '2');
  // The number is drawn before the heading text.
  const before = await doc
    .locator('h4')
    .evaluate((element) => getComputedStyle(element, '::before').content);
  expect(before).toContain('1.1.1');

  await toolbarButton(page, 'Insert LaTeX equation').click();
  const latex = page.getByRole('dialog', { name: 'Edit LaTeX Expression' });
  const input = latex.getByPlaceholder('Enter LaTeX expression (without $$ delimiters)');
  await input.fill('$$a^2 + b^2 = c^2$$');
  await latex.getByRole('button', { name: 'Save' }).click();
  const equation = doc.locator('.equation-block');
  await expect(equation.locator('.katex-display')).toBeVisible();
  await expect(equation).toHaveAttribute('data-latex', 'a^2 + b^2 = c^2');

  await equation.dblclick();
  await expect(input).toHaveValue('a^2 + b^2 = c^2');
  await input.fill('\\sqrt{2} \\approx 1.414');
  await latex.getByRole('button', { name: 'Save' }).click();
  await expect(latex).toBeHidden();
  await expect(equation).toHaveAttribute('data-latex', '\\sqrt{2} \\approx 1.414');

  await cursorAtEnd(page);
  await page.getByRole('button', { name: 'Insert table' }).click();
  const cell = page.getByRole('button', { name: '3 x 4 table', exact: true });
  await cell.hover();
  await expect(page.locator('.table-picker-label')).toHaveText('3 x 4 table');
  await screenshot(page, 'editor-table-picker');
  await cell.click();
  await expect(doc.locator('table tr')).toHaveCount(3);
  await expect(doc.locator('table tr').first().locator('th')).toHaveCount(4);
  await expect(doc.locator('table td')).toHaveCount(8);
  await page.keyboard.type('Name');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Value');
  await screenshot(page, 'editor-toolbar');

  await saveWithToolbar(page);
  const stored = await storedPaper(page, paper.id);
  for (const expected of [
    'Plain **strong** and *slanted* and `x = 1`',
    '- first item\n- second item',
    '1. step one',
    '# Part',
    '## Chapter',
    '##### Paragraph',
    '$$\\sqrt{2} \\approx 1.414$$',
    '| Name | Value |  |  |\n| --- | --- | --- | --- |',
  ]) {
    expect(stored.content).toContain(expected);
  }
});

test('mermaid diagrams render, edit in their dialog and show errors', async ({ page }) => {
  await createPaper(page, 'Diagram paper', '```mermaid\ngraph TD; Start-->Finish\n```\n');
  await openPaper(page, 'Diagram paper');
  const diagram = editor(page).locator('.mermaid-diagram');
  await expect(diagram.locator('svg')).toContainText('Start');

  await diagram.dblclick();
  const dialog = page.getByRole('dialog', { name: 'Edit Mermaid Diagram' });
  const source = dialog.getByLabel('Mermaid diagram source');
  await expect(source).toHaveValue('graph TD; Start-->Finish');
  await source.fill('graph LR; Alpha-->Beta');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(diagram.locator('svg')).toContainText('Alpha');
  await screenshot(page, 'editor-mermaid');

  await diagram.dblclick();
  await source.fill('graph TD; A-->');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(diagram).toContainText('Mermaid Error');
  await screenshot(page, 'editor-mermaid-error');
});

test('comment popup: cancel, save a new note, delete', async ({ page }) => {
  const paper = await createPaper(
    page,
    'Comment paper',
    'Results [look strong][[First note]] overall.\n',
  );
  await openPaper(page, 'Comment paper');
  const comment = editor(page).locator('.comment');
  const dialog = page.getByRole('dialog', { name: 'Edit Comment' });

  await comment.click();
  await expect(dialog.getByLabel('Comment')).toHaveValue('First note');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await comment.click();
  await dialog.getByLabel('Comment').fill('Needs a citation');
  await screenshot(page, 'editor-comment');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(comment).toHaveAttribute('data-comment', 'Needs a citation');
  await saveWithToolbar(page);
  expect((await storedPaper(page, paper.id)).content).toContain(
    '[look strong][[Needs a citation]]',
  );

  // Elsewhere in the comment: two clicks on one spot within half a second are a double click.
  await comment.click({ position: { x: 2, y: 4 } });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(editor(page).locator('.comment')).toHaveCount(0);
  await expect(editor(page)).toContainText('Results look strong overall.');
  await saveWithToolbar(page);
  expect((await storedPaper(page, paper.id)).content).toBe('Results look strong overall.');
});

test('a section’s purpose guides the writer: a click places the caret, typing lands in a paragraph after it, ✎ edits it', async ({
  page,
}) => {
  // Issue 33 item 10: clicking a purpose opened 'Edit Comment' and typing went into the note.
  const paper = await createPaper(
    page,
    'Purpose paper',
    '## Introduction\n\n[[Say what the paper sets out to do.]]\n\n## Methods\n\n[[Describe the design.]]\n\nWe sampled 40 schools.\n',
  );
  await openPaper(page, 'Purpose paper');
  const dialog = page.getByRole('dialog', { name: 'Edit Comment' });
  const purpose = editor(page).getByText('Say what the paper sets out to do.');
  await purpose.click();
  await expect(dialog).toBeHidden();
  await page.keyboard.type('Sleep shapes memory.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Adolescents sleep less.');
  // Inside the second purpose, in front of text already written: a paragraph of its own.
  await editor(page)
    .getByText('Describe the design.')
    .click({ position: { x: 4, y: 4 } });
  await page.keyboard.type('Design first.');
  await expect(dialog).toBeHidden();
  await saveWithToolbar(page);
  expect((await storedPaper(page, paper.id)).content).toBe(
    [
      '## Introduction',
      '[[Say what the paper sets out to do.]]',
      'Sleep shapes memory.',
      'Adolescents sleep less.',
      '## Methods',
      '[[Describe the design.]]',
      'Design first.',
      'We sampled 40 schools.',
    ].join('\n\n'),
  );

  // The note is edited through its explicit control.
  const edit = editor(page).getByRole('button', { name: 'Edit comment' }).first();
  await expectTopmost(edit);
  await edit.click();
  await expect(dialog.getByLabel('Comment')).toHaveValue('Say what the paper sets out to do.');
  await dialog.getByLabel('Comment').fill('State the research question.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await saveWithToolbar(page);
  expect((await storedPaper(page, paper.id)).content).toContain(
    '## Introduction\n\n[[State the research question.]]\n\nSleep shapes memory.',
  );
});

test('remove all citations asks first, then strips citations and bibliography markers', async ({
  page,
}) => {
  const { id } = await openRichPaper(page, 'Cited paper');
  const doc = editor(page);
  await expect(doc.locator('.citation')).toHaveCount(3);

  await toolbarButton(page, 'Remove all citations').click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove all citations?' });
  await expect(confirm).toContainText(
    'Are you sure you want to delete all citations from this document? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(doc.locator('.citation')).toHaveCount(3);

  await toolbarButton(page, 'Remove all citations').click();
  await screenshot(page, 'editor-remove-citations');
  await confirm.getByRole('button', { name: 'Yes, remove all' }).click();
  await expect(doc.locator('.citation')).toHaveCount(0);
  await expect(doc.locator('.bibliography-entry')).toHaveCount(0);
  await expect(doc).toContainText('Message passing improves accuracy and kernels help.');
  await expect(doc).toContainText('Smith, J. (2020). Message passing for molecules.');

  await saveWithToolbar(page);
  const stored = await storedPaper(page, id);
  expect(stored.content).not.toMatch(/ref_/);
});

test('pasting Word HTML keeps structure, demotes headings and strips styles', async ({ page }) => {
  const paper = await createPaper(page, 'Paste paper');
  await openPaper(page, 'Paste paper');
  await editor(page).click();
  await pasteHtml(page, WORD_HTML, 'Pasted Heading');
  const doc = editor(page);
  // The heading also holds its section-menu button ('✦'), which is not text of the paper.
  await expect(doc.locator('h2')).toHaveText(/^Pasted Heading/);
  await expect(doc.locator('h3')).toHaveText(/^Method notes/);
  await expect(doc.locator('strong')).toHaveText('bold words');
  await expect(doc.locator('em')).toHaveText('in italics');
  await expect(doc.locator('ul > li')).toHaveText(['First bullet', 'Second bullet']);
  await expect(doc.locator('.image-frame img')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(doc.locator('[style]:not(img)')).toHaveCount(0);
  await expect(doc.locator('[class*="Mso"]')).toHaveCount(0);
  await expect(doc).not.toContainText('alert(');
  await expect(doc.locator('p', { hasText: 'Plain text' })).toHaveCSS('color', 'rgb(28, 35, 48)');
  await screenshot(page, 'editor-paste');

  await saveWithToolbar(page);
  const stored = await storedPaper(page, paper.id);
  expect(stored.content).toContain('## Pasted Heading');
  expect(stored.content).toContain('Plain text with **bold words** and *in italics*.');
  expect(stored.content).toContain('- First bullet\n- Second bullet');
  expect(stored.content).toContain('### Method notes');
});

test('the search button hands the paragraph to the References pane and expands it', async ({
  page,
}) => {
  await createPaper(page, 'Search paper', 'Sleep spindles support memory consolidation.\n');
  await openPaper(page, 'Search paper');
  await page.getByTitle('Collapse References').click();
  await expect(page.getByTitle('Expand References')).toBeVisible();
  await editor(page).getByText('Sleep spindles').click();
  await toolbarButton(page, 'Search literature for the selection or paragraph').click();
  await expect(page.getByTitle('Collapse References')).toBeVisible();
});

test('markdown typed at the start of a line becomes headings, lists, quotes, bold and italic', async ({
  page,
}) => {
  const paper = await createPaper(page, 'Typed markdown', 'Start.');
  await openPaper(page, 'Typed markdown');
  await cursorAtEnd(page);
  for (const line of ['# Title', '## Methods', '### Detail']) {
    await page.keyboard.press('Enter');
    await page.keyboard.type(line);
  }
  await page.keyboard.press('Enter');
  await page.keyboard.type('- dash item');
  await page.keyboard.press('Enter');
  await page.keyboard.type('second');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Between lists.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('* star item');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('1. numbered item');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('> quoted');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Some **bold** and *slanted* words.');

  const doc = editor(page);
  await expect(doc.locator('h1')).toHaveText('Title');
  await expect(doc.locator('h2')).toContainText('Methods');
  await expect(doc.locator('strong')).toHaveText('bold');
  await expect(doc.locator('em')).toHaveText('slanted');
  await saveWithToolbar(page);
  expect((await storedPaper(page, paper.id)).content).toBe(
    [
      'Start.',
      '# Title',
      '## Methods',
      '### Detail',
      '- dash item\n- second',
      'Between lists.',
      '- star item',
      '1. numbered item',
      '> quoted',
      'Some **bold** and *slanted* words.',
    ].join('\n\n'),
  );
});

test('an editable paper shows the toolbar; hooks without a handler hide their button', async ({
  page,
}) => {
  await createPaper(page, 'Editable paper', 'Some text.\n');
  await openPaper(page, 'Editable paper');
  await expect(editor(page)).toHaveAttribute('contenteditable', 'true');
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
  await expect(page.getByText('Editor is disabled while paper is being rewritten')).toHaveCount(0);
  // The File Editor exists, so its hook is wired and the button shows.
  await expect(toolbarButton(page, 'Edit Files')).toHaveCount(1);
});

test('images resize by their handle; typed citation brackets become citations', async ({
  page,
}) => {
  const pixel =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  const paper = await createPaper(
    page,
    'Figure paper',
    `![A figure](${pixel}){width=200 height=100}\n\nSee the figure.\n`,
  );
  await openPaper(page, 'Figure paper');
  const frame = editor(page).locator('.image-frame');
  await frame.hover();
  const handle = frame.locator('.image-resize-handle');
  const box = await handle.boundingBox();
  if (!box) throw new Error('no resize handle');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 100, box.y + 40, { steps: 8 });
  await page.mouse.up();
  await expect(frame.locator('img')).toHaveCSS('width', /^(29\d|30\d)px$/);

  await editor(page).getByText('See the figure.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' As shown [ref_typed123].');
  // Converted about 50 ms after the change; the id is unknown, so it stays readable as typed.
  await expect(editor(page).locator('.citation')).toHaveText('[ref_typed123]');

  await saveWithToolbar(page);
  const stored = await storedPaper(page, paper.id);
  expect(stored.content).toMatch(/\{width=(29\d|30\d) height=(14\d|15\d)\}/);
  expect(stored.content).toContain('See the figure. As shown [ref_typed123].');
});
