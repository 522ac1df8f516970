import { test, expect } from './ai-fixtures';
import { createPaper, editor, gate, openPaper, storedPaper } from './ai-helpers';
import { toolbarButton } from './editor-helpers';
import { paperList, screenshot } from './helpers';

const PAPER = [
  '# Open Access',
  '## Introduction',
  'Open access articles receive more citations than closed ones.',
  '## Methods',
  'We compare citation counts of arXiv preprints.',
  '## Results',
  '## Discussion',
  'We discuss the limits.',
].join('\n\n');

const CUSTOM = 'Name the limits of observational citation studies.';

/** The section a writing prompt is for (the system prompt names it). */
const sectionOf = (prompt: string) =>
  /You write the body of the section "([^"]+)"/.exec(prompt)?.[1] ?? '';

test('Rewrite Paper rewrites two chosen sections while the editor stays editable, Save keeps a sentence typed meanwhile and a history version', async ({
  page,
  script,
  fake,
}) => {
  test.setTimeout(120_000);
  const firstToken = gate();
  script({
    write: (request, cite) => ({
      kind: 'text',
      chunks: [`Rewritten ${sectionOf(request.prompt)} text `, `[${cite}].`],
      firstChunkAfter: firstToken.opened,
    }),
  });
  const paper = await createPaper(page, 'Rewrite the paper', PAPER);
  await openPaper(page, 'Rewrite the paper');

  // Unsaved typing is saved before the rewrite starts.
  await editor(page).getByText('We discuss the limits.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Typed before the rewrite.');

  await toolbarButton(page, 'Rewrite Paper').click();
  const modal = page.getByRole('dialog', { name: /Rewrite Paper/ });
  await expect(modal).toBeVisible();
  await expect(modal).toBeInViewport({ ratio: 1 });
  // Results has no text: it cannot be chosen.
  await expect(modal.getByRole('checkbox', { name: 'Select 3 Results' })).toBeDisabled();
  await expect(
    modal.getByRole('region', { name: 'Preview' }).getByText('We compare citation counts'),
  ).toBeVisible();

  await modal.getByRole('button', { name: 'Select All', exact: true }).click();
  await expect(modal.getByRole('checkbox', { name: 'Select 2 Methods' })).toBeChecked();
  await modal.getByRole('button', { name: 'Deselect All' }).click();
  await expect(modal.getByRole('checkbox', { name: 'Select 2 Methods' })).not.toBeChecked();
  const rewrite = modal.getByRole('button', { name: 'Rewrite selected sections' });
  await expect(rewrite).toBeDisabled();
  await modal.getByRole('checkbox', { name: 'Select 1 Introduction' }).check();

  // Discussion gets its own instruction, which selects it.
  await modal.getByRole('button', { name: 'Custom instructions for 4 Discussion' }).click();
  const instructions = page.getByRole('dialog', { name: 'Custom Rewrite Instructions' });
  await expect(instructions).toBeInViewport({ ratio: 1 });
  await instructions.getByLabel('Instructions').fill(CUSTOM);
  await instructions.getByRole('button', { name: 'Save' }).click();
  await expect(instructions).toBeHidden();
  await expect(modal.getByRole('checkbox', { name: 'Select 4 Discussion' })).toBeChecked();

  const started = page.waitForRequest('**/api/paper-rewrite/start');
  await rewrite.click();
  const body = (await started).postDataJSON() as {
    tasks: { sectionNumber: string; type: string; customInstructions: string }[];
  };
  expect(body.tasks.map((task) => [task.sectionNumber, task.type])).toEqual([
    ['1', 'rewrite_enrich'],
    ['4', 'rewrite_custom'],
  ]);
  // A processing text: the job waits for a worker, then names the section it rewrites.
  await expect(
    modal
      .getByRole('status')
      .filter({ hasText: /Waiting to rewrite 2 sections…|Rewriting section 1 Introduction/ }),
  ).toBeVisible();
  expect((await storedPaper(page, paper.id)).content).toContain('Typed before the rewrite.');
  await expect(modal.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

  // While it runs the editor stays editable (Save merges: docs/live-document.md); the list
  // marks the paper. A sentence typed into a section being rewritten is kept.
  await modal.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(modal).toBeHidden();
  await expect(paperList(page)).toContainText('Being rewritten…');
  await expect(page.getByText('Editor is disabled while paper is being rewritten')).toHaveCount(0);
  await editor(page).getByText('Open access articles receive more citations').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Typed while it was rewritten.');

  // The toolbar's Rewrite Paper leads back to the running rewrite; the model answers then.
  await toolbarButton(page, 'Rewrite Paper').click();
  await expect(modal).toBeVisible();
  firstToken.open();
  // The status is polled every 10 s (001 §9).
  await expect(modal.getByRole('status').filter({ hasText: 'Rewrite completed' })).toBeVisible({
    timeout: 40_000,
  });
  await expect(modal.getByRole('img', { name: '1 Introduction: completed' })).toBeVisible();
  await expect(modal.getByRole('img', { name: '4 Discussion: completed' })).toBeVisible();
  await expect(modal.getByRole('img', { name: '2 Methods: not started' })).toBeVisible();
  const preview = modal.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('Rewritten Introduction text');
  await expect(preview).toContainText('Rewritten Discussion text');
  await expect(preview).toContainText('We compare citation counts');
  const report = modal.getByRole('region', { name: 'Citations of the rewritten sections' });
  await expect(report.getByRole('article', { name: 'Citations of 1 Introduction' })).toContainText(
    '90% (model judge) certainty',
  );
  const discussionPrompt = fake.chats.find(
    (chat) => sectionOf(chat.prompt) === 'Discussion' && !chat.body.response_format,
  )?.prompt;
  expect(discussionPrompt).toContain(CUSTOM);
  await screenshot(page, 'rewrite-paper-completed');

  await modal.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    modal.getByText(
      'Section 1 Introduction: You edited this section while the AI wrote it: your text was kept',
    ),
  ).toBeVisible();
  await modal.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(modal).toBeHidden();
  await expect(editor(page)).toContainText(
    'Open access articles receive more citations than closed ones. Typed while it was rewritten.',
  );
  await expect(editor(page)).toContainText('Rewritten Introduction text');
  await expect(editor(page)).toContainText('Rewritten Discussion text');
  await expect(editor(page)).toContainText('We compare citation counts');
  const saved = await storedPaper(page, paper.id);
  expect(saved.content).toContain('Rewritten Introduction text');
  expect(saved.content).toContain('than closed ones. Typed while it was rewritten.');
  expect(saved.content).not.toContain('Typed before the rewrite.');

  await toolbarButton(page, 'Version history').click();
  const history = page.getByRole('dialog', { name: 'Version History' });
  const versions = history.getByRole('list', { name: 'Versions' }).getByRole('button');
  await expect(versions).toHaveCount(2);
  await versions.first().click();
  await expect(history.locator('.document-preview')).toContainText('Typed before the rewrite.');
});
