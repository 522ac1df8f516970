import type { Page } from '@playwright/test';
import {
  evidenceIds,
  type ChatRequest,
  type FakeAnswer,
} from '../../src/server/testing/fake-openai-server';
import { test, expect } from './ai-fixtures';
import { createPaper, editor, gate, openPaper, storedPaper } from './ai-helpers';
import { toolbarButton } from './editor-helpers';
import { expectTopmost, screenshot } from './helpers';

const PAPER = [
  '# Open Access Study',
  '## Introduction',
  'Notes: why open access matters.',
  '## Background',
  '### Prior work',
  'Notes: earlier studies of citation counts.',
  '## Methods',
  'Notes: we compare open and closed articles.',
  '## Results',
  'Notes: open articles are cited more.',
  '## Discussion',
  'Notes: limits of the comparison.',
].join('\n\n');

const ORDER_REASONING = 'Methods and results first, so the discussion can interpret them.';

/** The section a writing prompt is for. */
function sectionOf(request: ChatRequest): string | undefined {
  if (request.body.response_format) return undefined;
  return /You write the body of the section "([^"]+)"/.exec(request.prompt)?.[1];
}

/**
 * A model that proposes the order of `order` (ids as the planner numbers the sections) and
 * writes each section as one sentence naming it and citing the first work of its evidence;
 * sections named in `hold` wait for the gate before they answer.
 */
function writingModel(
  fallback: (request: ChatRequest) => FakeAnswer,
  order: number[],
  hold?: { section: string; until: Promise<void> },
) {
  return (request: ChatRequest): FakeAnswer => {
    const properties = request.body.response_format?.json_schema?.schema?.properties ?? {};
    if ('order' in properties) {
      return { kind: 'json', value: { order, reasoning: ORDER_REASONING } };
    }
    const title = sectionOf(request);
    if (!title) return fallback(request);
    const [cite] = evidenceIds(request.prompt);
    return {
      kind: 'text',
      chunks: [`Written ${title} text`, ` builds on the literature [${cite}].`],
      ...(hold?.section === title ? { firstChunkAfter: hold.until } : {}),
    };
  };
}

function writingDialog(page: Page) {
  return page.getByRole('dialog', { name: 'AI Writing Process' });
}

/** The progress line (the drag library has a live region of its own). */
function progress(page: Page) {
  return writingDialog(page).locator('.writing-progress').getByRole('status');
}

function rows(page: Page) {
  return writingDialog(page)
    .getByRole('list', { name: 'Sections in writing order' })
    .getByRole('listitem');
}

/** The rows' labels ('3 Methods') in list order. */
async function rowLabels(page: Page): Promise<string[]> {
  return rows(page)
    .locator('.writing-row-title')
    .evaluateAll((spans) => spans.map((span) => (span.childNodes[0]?.textContent ?? '').trim()));
}

test('the AI Writing Process: order, reorder, instructions, start, progress, save into the paper and restore', async ({
  page,
  fake,
}) => {
  const base = fake.respond;
  // Planner ids follow the list sent: 1 Introduction, 2 Background, 3 Prior work, 4 Methods,
  // 4 Results, 5 Discussion.
  fake.respond = writingModel(base, [4, 5, 3, 2, 6, 1]);
  const paper = await createPaper(page, 'Writing paper', PAPER);
  await openPaper(page, 'Writing paper');

  // Unsaved typing, in a section that will not be written, must survive everything below.
  await editor(page).getByText('Notes: why open access matters.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Typed before writing.');

  const button = toolbarButton(page, 'AI writing');
  await expectTopmost(button);
  await button.click();
  const dialog = writingDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Why this order: ${ORDER_REASONING}`);
  await expect
    .poll(() => rowLabels(page))
    .toEqual([
      '3 Methods',
      '4 Results',
      '2.1 Prior work',
      '2 Background',
      '5 Discussion',
      '1 Introduction',
    ]);
  // The chapter whose contents are its subsection cannot be chosen.
  const background = dialog.getByRole('checkbox', { name: 'Select 2 Background' });
  await expect(background).toBeDisabled();
  await expect(background).not.toBeChecked();
  await expect(dialog).toContainText(
    'Cannot select empty sections, shown as empty section, contents is in subsections',
  );
  await expect(dialog).toContainText('Estimated cost: $0.10');
  await expect(dialog).toContainText('The actual cost may be higher.');

  // Introduction is left out; select all / none work on the sections that can be chosen.
  await dialog.getByRole('checkbox', { name: 'Select all' }).uncheck();
  await expect(dialog).toContainText('Estimated cost: $0.00');
  await expect(dialog.getByRole('button', { name: 'Start the writing process' })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Select all' }).check();
  await dialog.getByRole('checkbox', { name: 'Select 1 Introduction' }).uncheck();
  await expect(dialog).toContainText('Estimated cost: $0.08');

  // Keyboard reordering: Discussion moves up above Background (the keys the drag library announces).
  await dialog.getByRole('button', { name: 'Move 5 Discussion' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect
    .poll(() => rowLabels(page))
    .toEqual([
      '3 Methods',
      '4 Results',
      '2.1 Prior work',
      '5 Discussion',
      '2 Background',
      '1 Introduction',
    ]);
  // Escape puts a lifted row back and leaves the dialog open.
  await dialog.getByRole('button', { name: 'Move 4 Results' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect
    .poll(() => rowLabels(page))
    .toEqual([
      '3 Methods',
      '2.1 Prior work',
      '5 Discussion',
      '4 Results',
      '2 Background',
      '1 Introduction',
    ]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => rowLabels(page))
    .toEqual([
      '3 Methods',
      '4 Results',
      '2.1 Prior work',
      '5 Discussion',
      '2 Background',
      '1 Introduction',
    ]);
  // Mouse dragging: Prior work is dropped on Methods, at the top.
  const handle = dialog.getByRole('button', { name: 'Move 2.1 Prior work' });
  const target = dialog.getByRole('button', { name: 'Move 3 Methods' });
  await expectTopmost(handle);
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('The rows are not laid out');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 10 });
  await page.mouse.up();
  await expect
    .poll(() => rowLabels(page))
    .toEqual([
      '2.1 Prior work',
      '3 Methods',
      '4 Results',
      '5 Discussion',
      '2 Background',
      '1 Introduction',
    ]);

  // Custom instructions for Results.
  await dialog.getByRole('button', { name: 'Edit instructions for 4 Results' }).click();
  const instructions = page.getByRole('dialog', { name: 'Custom Instructions' });
  await instructions.getByLabel('Instructions').fill('Report effect sizes.');
  await instructions.getByLabel('System prompt (optional)').fill('You are a careful statistician.');
  await instructions.getByRole('button', { name: 'OK' }).click();
  await expect(instructions).toBeHidden();
  await screenshot(page, 'ai-writing-plan');

  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().includes('/api/papers/'),
  );
  const startRequest = page.waitForRequest('**/api/scaffolded-writing/start');
  await dialog.getByRole('button', { name: 'Start the writing process' }).click();
  expect((await saved).ok()).toBe(true);
  const body = (await startRequest).postDataJSON() as {
    sequence: number[];
    sections: { sectionTitle: string; customInstructions: unknown }[];
    reasoning: string;
  };
  expect(body.sections.map((section) => section.sectionTitle)).toEqual([
    'Prior work',
    'Methods',
    'Results',
    'Discussion',
  ]);
  expect(body.sections[2]?.customInstructions).toEqual({
    instructions: 'Report effect sizes.',
    systemPrompt: 'You are a careful statistician.',
  });
  expect(body.reasoning).toBe(ORDER_REASONING);
  // The typing was saved before the job read the paper.
  expect((await storedPaper(page, paper.id)).content).toContain('Typed before writing.');

  await expect(progress(page)).toContainText(/Writing section|Waiting|Finished/);
  await expect(progress(page)).toHaveText('Finished: all 4 sections written', {
    timeout: 60_000,
  });
  await expect(dialog.getByRole('img', { name: 'Status: completed' })).toHaveCount(4);
  const resultsPrompt = fake.chats.find((chat) => sectionOf(chat) === 'Results')?.prompt ?? '';
  expect(resultsPrompt).toContain('Report effect sizes.');
  expect(resultsPrompt).toContain('Written Methods text');

  // The written text, its cited works with their certainty.
  await dialog.getByRole('button', { name: 'Show written content of 4 Results' }).click();
  const resultsRow = rows(page).filter({ hasText: '4 Results' });
  await expect(resultsRow).toContainText('Written Results text builds on the literature');
  await expect(resultsRow.getByRole('list', { name: 'Cited works' })).toContainText(
    'certainty 90% (model judge)',
  );
  // Shown as the editor will show it: citations as in-text labels, never as raw ids.
  const written = resultsRow.getByRole('textbox', { name: 'Written content of 4 Results' });
  await expect(written).not.toContainText('[ref_');
  const label = written.locator('.citation-label').first();
  await expect(label).toHaveText(/\d{4}/);
  // A label opens its work with the certainty the check gave it.
  await expectTopmost(label);
  await label.click();
  const reference = page.getByRole('dialog').filter({ hasText: 'Certainty:' });
  await expect(reference.getByText('Certainty:')).toBeVisible();
  await reference.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(reference).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await screenshot(page, 'ai-writing-finished');

  await dialog.getByRole('button', { name: 'Save the result' }).click();
  await expect(dialog).toBeHidden();
  await expect(editor(page)).toContainText('Written Methods text builds on the literature');
  await expect(editor(page)).toContainText('Typed before writing.');
  await expect(editor(page)).not.toContainText('Notes: we compare open and closed articles.');
  const stored = await storedPaper(page, paper.id);
  expect(stored.content).toContain('Written Discussion text builds on the literature');
  expect(stored.content).toContain('Notes: why open access matters. Typed before writing.');
  expect(stored.citations.length).toBeGreaterThan(0);
  expect((await page.request.get(`/api/scaffolded-writing/active/${paper.id}`)).status()).toBe(404);

  // The version before the writing is in the history and can be restored.
  await toolbarButton(page, 'Version history').click();
  const history = page.getByRole('dialog', { name: 'Version History' });
  const versions = history.getByRole('list', { name: 'Versions' }).getByRole('button');
  await expect(versions.first()).toBeVisible();
  await versions.first().click();
  await expect(history.locator('.document-preview')).toContainText('Typed before writing.');
  await expect(history.locator('.document-preview')).toContainText('Notes: we compare open');
  await history.getByRole('button', { name: 'Restore this version' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(editor(page)).toContainText('Notes: we compare open and closed articles.');
  await expect(editor(page)).not.toContainText('Written Methods text');
});

test('the modal reopens on a running job after a reload; cancel stops it and discard deletes the result', async ({
  page,
  fake,
}) => {
  const held = gate();
  fake.respond = writingModel(fake.respond, [4, 5, 3, 2, 6, 1], {
    section: 'Results',
    until: held.opened,
  });
  const paper = await createPaper(page, 'Reload paper', PAPER);
  await openPaper(page, 'Reload paper');
  await toolbarButton(page, 'AI writing').click();
  const dialog = writingDialog(page);
  await expect(dialog).toContainText(ORDER_REASONING);
  await dialog.getByRole('button', { name: 'Start the writing process' }).click();
  await expect(progress(page)).toContainText('Writing section 2 of 5: 4 Results', {
    timeout: 30_000,
  });

  await page.reload();
  await expect(dialog).toBeVisible();
  await expect(progress(page)).toContainText('Writing section 2 of 5: 4 Results', {
    timeout: 30_000,
  });
  await expect(dialog.getByRole('img', { name: 'Status: completed' })).toHaveCount(1);
  await expect(dialog.getByRole('img', { name: 'Status: writing' })).toHaveCount(1);
  await expect(dialog.getByRole('checkbox', { name: 'Select 4 Results' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Move 4 Results' })).toBeDisabled();

  await dialog.getByRole('button', { name: 'Cancel the writing process' }).click();
  await page
    .getByRole('alertdialog', { name: 'Cancel the writing process?' })
    .getByRole('button', { name: 'Cancel the writing process' })
    .click();
  await expect(progress(page)).toHaveText('Cancelled after 1 of 5 sections');
  held.open();

  await dialog.getByRole('button', { name: 'Discard the result' }).click();
  await page
    .getByRole('alertdialog', { name: 'Discard the result?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  // Back to planning, with nothing left on the server and the paper unchanged.
  await expect(dialog.getByRole('button', { name: 'Start the writing process' })).toBeVisible();
  expect((await page.request.get(`/api/scaffolded-writing/active/${paper.id}`)).status()).toBe(404);
  expect((await storedPaper(page, paper.id)).content).toBe(PAPER);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(editor(page)).toContainText('Notes: we compare open and closed articles.');
});

test('a sentence typed into a section while the AI writes it is in the paper after Save the result', async ({
  page,
  fake,
}) => {
  test.setTimeout(120_000);
  const held = gate();
  fake.respond = writingModel(fake.respond, [4, 5, 3, 2, 6, 1], {
    section: 'Methods',
    until: held.opened,
  });
  const paper = await createPaper(page, 'Typing while written', PAPER);
  await openPaper(page, 'Typing while written');
  await toolbarButton(page, 'AI writing').click();
  const dialog = writingDialog(page);
  await expect(dialog).toContainText(ORDER_REASONING);
  await dialog.getByRole('checkbox', { name: 'Select all' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Select 3 Methods' }).check();
  await dialog.getByRole('button', { name: 'Start the writing process' }).click();
  await expect(progress(page)).toContainText('Writing section 1 of 1: 3 Methods', {
    timeout: 30_000,
  });

  // The dialog is closed while the model writes Methods, and the person types into it.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await editor(page).getByText('Notes: we compare open and closed articles.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Typed while the AI wrote it.');
  await expect
    .poll(async () => (await storedPaper(page, paper.id)).content)
    .toContain('Typed while the AI wrote it.');

  await toolbarButton(page, 'AI writing').click();
  await expect(progress(page)).toContainText('Writing section 1 of 1: 3 Methods');
  held.open();
  await expect(progress(page)).toHaveText('Finished: the section is written', {
    timeout: 60_000,
  });
  await dialog.getByRole('button', { name: 'Save the result' }).click();
  const notice = page.getByRole('alertdialog');
  await expect(notice).toContainText(
    'Section 3 Methods: You edited this section while the AI wrote it: your text was kept',
  );
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  await expect(editor(page)).toContainText('Written Methods text builds on the literature');
  await expect(editor(page)).toContainText(
    'Notes: we compare open and closed articles. Typed while the AI wrote it.',
  );
  const stored = await storedPaper(page, paper.id);
  expect(stored.content).toContain('Written Methods text builds on the literature');
  expect(stored.content).toContain(
    'Notes: we compare open and closed articles. Typed while the AI wrote it.',
  );
  // The rest of the paper is as it was.
  expect(stored.content).toContain('Notes: open articles are cited more.');
});
