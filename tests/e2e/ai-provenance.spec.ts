import { test, expect } from './ai-fixtures';
import { expectAccessible } from './a11y-helpers';
import { chooseSectionAction, createPaper, editor, openPaper, previewDialog } from './ai-helpers';

const PAPER = [
  '# Open Access',
  '## Introduction',
  'Open access articles receive more citations than closed ones.',
  '## Discussion',
  'We discuss the limits.',
].join('\n\n');
const AI_TEXT = 'The AI wrote this introduction.';

test('AI use: the panel counts the AI’s words and the typed ones, highlights the AI’s text, and the statement is inserted as edited', async ({
  page,
  script,
}) => {
  script({ write: () => ({ kind: 'text', chunks: ['The AI wrote ', 'this introduction.'] }) });
  await createPaper(page, 'Provenance', PAPER);
  await openPaper(page, 'Provenance');

  await chooseSectionAction(page, '1', 'Rewrite');
  const preview = previewDialog(page);
  await expect(preview.getByRole('region', { name: 'Generated Text' })).toContainText(AI_TEXT);
  await preview.getByRole('button', { name: 'OK' }).click();
  await expect(preview).toBeHidden();
  await expect(editor(page)).toContainText(AI_TEXT);

  // A person types after the Discussion's sentence.
  await editor(page).getByText('We discuss the limits.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Typed by me.');
  await expect(editor(page)).toContainText('We discuss the limits. Typed by me.');

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'AI use…' }).click();
  const panel = page.getByRole('dialog', { name: 'AI use' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(/Provenance is what Scriptor saw/)).toBeVisible();
  const paperTable = panel.getByRole('table', { name: /The paper/ });
  await expect(
    paperTable.getByRole('row', { name: /Written by the AI, left as written/ }),
  ).toContainText('5');
  await expect(paperTable.getByRole('row', { name: /Typed by / })).toContainText('3');
  await expect(
    paperTable.getByRole('row', { name: /Written by the AI, then edited/ }),
  ).toContainText('0');
  await expect(panel.getByRole('table', { name: 'By section' })).toContainText('Introduction');
  await expect(panel.getByRole('listitem')).toContainText(['✦ section rewrite']);
  await expectAccessible(page, '.ai-use-panel');

  await panel.getByRole('checkbox', { name: 'Highlight AI-written text in the editor' }).check();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
  const aiSpan = editor(page).locator('.provenance', { hasText: AI_TEXT });
  await expect(aiSpan).toHaveCSS('background-color', 'rgb(253, 236, 205)');
  const typedSpan = editor(page).locator('.provenance', { hasText: 'Typed by me.' });
  await expect(typedSpan).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'AI-use statement…' }).click();
  const statementDialog = page.getByRole('dialog', { name: 'AI-use statement' });
  const statement = statementDialog.getByRole('textbox', { name: 'Statement' });
  await expect(statement).toHaveValue(/AI features \(✦ section rewrite\) generated text/);
  await expect(statement).toHaveValue(/typed by the authors in Scriptor/);
  await expect(statement).not.toHaveValue(/reviewed/);
  await statementDialog.getByRole('checkbox', { name: /The authors reviewed/ }).check();
  await expect(statement).toHaveValue(/The authors reviewed and edited the AI-written text/);
  await expectAccessible(page, '.modal');
  await statement.press('End');
  await statement.pressSequentially(' Checked by hand.');
  await statementDialog.getByRole('button', { name: 'Insert' }).click();
  await expect(statementDialog).toBeHidden();
  await expect(editor(page).getByRole('heading', { name: /AI use statement/ })).toBeVisible();
  await expect(editor(page)).toContainText(
    'take full responsibility for the content of the paper. Checked by hand.',
  );
});
