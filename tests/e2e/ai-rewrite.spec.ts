import { randomUUID } from 'node:crypto';
import { NO_RELEVANT_LITERATURE_MESSAGE } from '../../src/shared/ai/ai-messages';
import { NO_RELEVANT_LITERATURE_PROMPT } from '../../src/server/ai/prompt/section-prompt';
import { test, expect } from './ai-fixtures';
import {
  chooseSectionAction,
  createPaper,
  editor,
  gate,
  openPaper,
  previewDialog,
  save,
  storedPaper,
} from './ai-helpers';

const PAPER = [
  '# Open Access',
  '## Introduction',
  'Open access articles receive more citations than closed ones.',
  '## Discussion',
  'We discuss the limits.',
].join('\n\n');

interface StoredCitation {
  refId: string;
  certainty: number | null;
  reasoning: string | null;
}

test('Rewrite streams into the preview, OK replaces the section and the paper saves with checked citations', async ({
  page,
  script,
  fake,
}) => {
  const firstToken = gate();
  script({
    write: (_request, cite) => ({
      kind: 'text',
      chunks: ['Open access ', 'articles are cited ', `more often [${cite}].`],
      firstChunkAfter: firstToken.opened,
    }),
  });
  const paper = await createPaper(page, 'Rewrite me', PAPER);
  await openPaper(page, 'Rewrite me');

  const request = page.waitForRequest('**/api/rewrite');
  await chooseSectionAction(page, '1', 'Rewrite');
  const body = (await request).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    sectionNumber: '1',
    sectionTitle: 'Introduction',
    sectionLevel: 2,
    currentSection: 'Open access articles receive more citations than closed ones.',
    paperId: paper.id,
    paperType: 'scientific',
    action: 'rewrite',
    enableLiteratureSearch: true,
  });
  expect(body.text).toBe(PAPER);

  const dialog = previewDialog(page);
  await expect(dialog.getByText('Task')).toBeVisible();
  await expect(dialog.getByText(/add relevant citations in APA style/)).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Current Text' })).toContainText(
    'Open access articles receive more citations than closed ones.',
  );
  await expect(dialog.getByText('Generating...')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeDisabled();

  firstToken.open();
  const generated = dialog.getByRole('region', { name: 'Generated Text' });
  await expect(generated).toContainText('Open access articles are cited more often');
  await expect(dialog.getByText('Generating...')).toBeHidden();
  // The cited work renders as an in-text label, not as its raw id.
  await expect(generated.locator('[data-ref-id]')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  await expect(editor(page)).toContainText('Open access articles are cited more often');
  await expect(editor(page)).not.toContainText('receive more citations than closed ones');
  await expect(editor(page)).toContainText('We discuss the limits.');
  await save(page);

  const stored = await storedPaper(page, paper.id);
  expect(stored.content).toMatch(
    /^# Open Access\n\n## Introduction\n\nOpen access articles are cited more often \[ref_[a-z0-9]{8}\]\.\n\n## Discussion\n\nWe discuss the limits\.$/,
  );
  const refId = /\[(ref_[a-z0-9]{8})\]/.exec(stored.content)?.[1];
  const citation = (stored.citations as StoredCitation[]).find((entry) => entry.refId === refId);
  expect(citation?.certainty).toBe(0.9);
  expect(citation?.reasoning).toBeTruthy();
  expect(fake.chats.some((chat) => chat.body.stream === true)).toBe(true);

  // The new citation opens the reference modal with its certainty and reasoning.
  await editor(page).locator(`[data-ref-id="${refId}"]`).click();
  const modal = page.getByRole('dialog').filter({ hasText: 'Certainty:' });
  await expect(modal.getByText('Reasoning:')).toBeVisible();
  await expect(modal.locator('mark.evidence')).toBeVisible();
});

test('the section menu of a second section numbered 1 rewrites that section and nothing else', async ({
  page,
  script,
}) => {
  script({ write: () => ({ kind: 'text', chunks: ['Fractional anisotropy ', 'rose with age.'] }) });
  // Level-1 headings restart the numbers: 'Acquisition' and 'Tract statistics' are both '1'.
  const content = [
    '# Methods',
    '## Acquisition',
    'Scans were acquired at 3 T.',
    '```mermaid\ngraph TD\n  A --> B\n```',
    '$$\nb = 1000\n$$',
    '# Results',
    '## Tract statistics',
    'Tracts were compared.',
  ].join('\n\n');
  const paper = await createPaper(page, 'Repeated numbers', content);
  await openPaper(page, 'Repeated numbers');

  const request = page.waitForRequest('**/api/rewrite');
  await editor(page)
    .getByRole('heading', { name: /Tract statistics/ })
    .getByRole('button', { name: 'Section menu 1', exact: true })
    .click();
  await expect(page.getByRole('menu', { name: 'Section 1 Tract statistics' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Rewrite', exact: true }).click();
  expect((await request).postDataJSON()).toMatchObject({
    sectionNumber: '1',
    sectionIndex: 3,
    sectionTitle: 'Tract statistics',
    currentSection: 'Tracts were compared.',
  });

  const dialog = previewDialog(page);
  await expect(
    dialog.getByRole('heading', { name: 'Rewrite: section 1 Tract statistics' }),
  ).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Generated Text' })).toContainText(
    'Fractional anisotropy rose with age.',
  );
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await save(page);
  expect((await storedPaper(page, paper.id)).content).toBe(
    content.replace('Tracts were compared.', 'Fractional anisotropy rose with age.'),
  );
});

for (const [entry, action, route, marker] of [
  ['Refine structure', 'refine', '/api/refine', 'Refine the structure of this section'],
  ['Make shorter', 'shorter', '/api/rewrite', 'Make the content shorter'],
  ['Make longer', 'longer', '/api/rewrite', 'Extend the content'],
] as const) {
  test(`${entry} goes through the preview to OK and a saved paper`, async ({
    page,
    script,
    fake,
  }) => {
    script({
      write: (request) => ({
        kind: 'text',
        chunks: [`Text for ${action}`, request.prompt.includes(marker) ? ' (as asked).' : '.'],
      }),
    });
    const title = `Paper for ${action}`;
    const paper = await createPaper(page, title, PAPER);
    await openPaper(page, title);

    const request = page.waitForRequest(`**${route}`);
    await chooseSectionAction(page, '1', entry);
    expect((await request).postDataJSON()).toMatchObject({ action, sectionNumber: '1' });

    const dialog = previewDialog(page);
    await expect(dialog.getByText(marker)).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Generated Text' })).toContainText(
      `Text for ${action} (as asked).`,
    );
    await dialog.getByRole('button', { name: 'OK' }).click();
    await save(page);
    expect((await storedPaper(page, paper.id)).content).toBe(
      PAPER.replace(
        'Open access articles receive more citations than closed ones.',
        `Text for ${action} (as asked).`,
      ),
    );
    expect(fake.chats.some((chat) => chat.prompt.includes(marker))).toBe(true);
  });
}

test("the paper's files go with the prompt; a file too long is cut to its relevant parts and named", async ({
  page,
  fake,
}) => {
  const paper = await createPaper(page, 'Paper with transcripts', PAPER);
  const filler = Array.from(
    { length: 240 },
    (_, index) =>
      `## Interview ${index + 1}\n\nParticipant ${index + 1} talked about gardening, the weather and the commute on rainy mornings.`,
  );
  filler.splice(
    120,
    0,
    '## The librarian\n\nThe librarian said open access articles receive more citations than closed ones.',
  );
  const uploaded = await page.request.post('/api/convertToMarkdown', {
    data: {
      fileName: 'transcripts.txt',
      fileData: Buffer.from(['# Transcripts', ...filler].join('\n\n')).toString('base64'),
      streaming: true,
      paperId: paper.id,
      fileId: randomUUID(),
      goal: 'qualitative_results',
    },
  });
  expect(await uploaded.text()).toContain('[STATUS:FINISHED]');
  await openPaper(page, 'Paper with transcripts');

  await chooseSectionAction(page, '1', 'Rewrite');
  const dialog = previewDialog(page);
  await expect(dialog.getByRole('note')).toHaveText(
    "Your files did not fit the model's context whole. Only the parts most relevant to this section were sent from: transcripts.txt.",
  );
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeEnabled();
  const writing = fake.chats.filter((chat) => chat.body.stream).at(-1);
  expect(writing?.prompt).toContain(
    'The librarian said open access articles receive more citations than closed ones.',
  );
  // The file's first part goes (ties keep document order); its end did not fit.
  expect(writing?.prompt).toContain('Participant 1 talked about gardening');
  expect(writing?.prompt).not.toContain('Participant 240 talked about gardening');
});

test('a section on a topic the library does not cover is written without citations, and the preview says so', async ({
  page,
  fake,
}) => {
  await createPaper(
    page,
    'Flemish tapestries',
    [
      '# Flemish tapestries',
      '## Dyes',
      'Medieval Flemish tapestry workshops dyed their wool with madder, weld and woad.',
    ].join('\n\n'),
  );
  await openPaper(page, 'Flemish tapestries');

  await chooseSectionAction(page, '1', 'Rewrite');
  const dialog = previewDialog(page);
  await expect(dialog.getByRole('note')).toHaveText(NO_RELEVANT_LITERATURE_MESSAGE);
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeEnabled();
  const writing = fake.chats.filter((chat) => chat.body.stream).at(-1);
  expect(writing?.prompt).toContain(NO_RELEVANT_LITERATURE_PROMPT);
  expect(writing?.prompt).not.toMatch(/^\[ref_[a-z0-9]{8}\] /m);
});

test('Give custom instructions: OK needs an instruction, and the empty section is generated', async ({
  page,
  script,
}) => {
  script({
    write: (request) => ({
      kind: 'text',
      chunks: [
        request.prompt.includes('Summarise three limitations.')
          ? 'Three limitations follow.'
          : 'Ignored the instructions.',
      ],
    }),
  });
  const paper = await createPaper(
    page,
    'Custom paper',
    '## Introduction\n\nSome text.\n\n## Limitations',
  );
  await openPaper(page, 'Custom paper');
  await chooseSectionAction(page, '2', 'Give custom instructions');

  const custom = page.getByRole('dialog', { name: 'Custom Instructions' });
  const ok = custom.getByRole('button', { name: 'OK' });
  await expect(ok).toBeDisabled();
  await custom.getByPlaceholder('Enter your instructions for rewriting the section...').fill('   ');
  await expect(ok).toBeDisabled();
  await custom
    .getByPlaceholder('Enter your instructions for rewriting the section...')
    .fill('Summarise three limitations.');
  await expect(ok).toBeEnabled();
  await ok.click();

  const dialog = previewDialog(page);
  await expect(
    dialog.getByText('This section is empty. New content will be generated.'),
  ).toBeVisible();
  await expect(dialog.getByText('Summarise three limitations.')).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Generated Text' })).toContainText(
    'Three limitations follow.',
  );
  await dialog.getByRole('button', { name: 'OK' }).click();
  await save(page);
  expect((await storedPaper(page, paper.id)).content).toBe(
    '## Introduction\n\nSome text.\n\n## Limitations\n\nThree limitations follow.',
  );
});

test('Custom Rewrite Instructions change the instruction and turn literature search off', async ({
  page,
}) => {
  await createPaper(page, 'Instructions paper', PAPER);
  await openPaper(page, 'Instructions paper');
  await chooseSectionAction(page, '1', 'Rewrite');
  const dialog = previewDialog(page);
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeEnabled();

  await dialog.getByRole('button', { name: 'Edit instructions' }).click();
  const instructions = page.getByRole('dialog', { name: 'Custom Rewrite Instructions' });
  const literature = instructions.getByLabel('Enable literature search');
  await expect(literature).toBeChecked();
  const text = instructions.getByLabel('Instructions');
  await text.fill('Use plain words.');
  await literature.uncheck();
  await instructions.getByRole('button', { name: 'Reset to Default' }).click();
  await expect(literature).toBeChecked();
  await expect(text).toHaveValue(/add relevant citations in APA style/);
  await text.fill('Use plain words.');
  await literature.uncheck();

  const request = page.waitForRequest('**/api/rewrite');
  await instructions.getByRole('button', { name: 'Save' }).click();
  expect((await request).postDataJSON()).toMatchObject({
    taskExplanation: 'Use plain words.',
    enableLiteratureSearch: false,
  });
  await expect(instructions).toBeHidden();
  await expect(dialog.getByText('Use plain words.')).toBeVisible();
  await expect(dialog.getByText('Off', { exact: true })).toBeVisible();
});

test('Cancelling a finished preview changes nothing in the paper, even after a reload', async ({
  page,
  script,
}) => {
  script({
    write: (_request, cite) => ({ kind: 'text', chunks: [`Previewed text [${cite}].`] }),
  });
  const paper = await createPaper(page, 'Cancelled preview', PAPER);
  await openPaper(page, 'Cancelled preview');
  await chooseSectionAction(page, '1', 'Rewrite');
  const dialog = previewDialog(page);
  await expect(dialog.getByRole('region', { name: 'Generated Text' })).toContainText(
    'Previewed text',
  );
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  const stored = await storedPaper(page, paper.id);
  expect(stored.content).toBe(PAPER);
  expect(stored.citations).toEqual([]);
  await page.reload();
  await openPaper(page, 'Cancelled preview');
  await expect(editor(page)).toContainText('Open access articles receive more citations');
  await expect(page.getByText('Not cited in the text')).toHaveCount(0);
});

test('Cancel stops the model request, and a failure says so', async ({ page, script, fake }) => {
  script({ write: () => ({ kind: 'text', chunks: ['Never ', 'ending'], hang: true }) });
  await createPaper(page, 'Cancel paper', PAPER);
  await openPaper(page, 'Cancel paper');
  await chooseSectionAction(page, '1', 'Make longer');
  const dialog = previewDialog(page);
  await expect(dialog.getByRole('region', { name: 'Generated Text' })).toContainText(
    'Never ending',
  );
  await expect(dialog.getByText('Generating...')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(() => fake.chats.filter((chat) => chat.body.stream).at(-1)?.closedEarly)
    .toBe(true);
  await expect(editor(page)).toContainText('Open access articles receive more citations');

  script({ write: () => ({ kind: 'error', status: 500 }) });
  await chooseSectionAction(page, '1', 'Make longer');
  await expect(
    previewDialog(page).getByText('Error: Failed to generate content. Please try again.'),
  ).toBeVisible({ timeout: 20_000 });
  await expect(previewDialog(page).getByRole('button', { name: 'OK' })).toBeDisabled();
});

test('a sentence typed into the section during the preview, in another tab, stays after OK and Save', async ({
  page,
  script,
}) => {
  // Two tabs and a whole rewrite with its citation check.
  test.setTimeout(120_000);
  const firstToken = gate();
  script({
    write: (_request, cite) => ({
      kind: 'text',
      chunks: ['Open access ', 'articles are cited ', `more often [${cite}].`],
      firstChunkAfter: firstToken.opened,
    }),
  });
  const paper = await createPaper(page, 'Rewrite while typing', PAPER);
  await openPaper(page, 'Rewrite while typing');
  await chooseSectionAction(page, '1', 'Rewrite');
  const dialog = previewDialog(page);
  await expect(dialog.getByText('Generating...')).toBeVisible();

  // The preview covers this tab's editor: the author types in a second tab meanwhile.
  const other = await page.context().newPage();
  await openPaper(other, 'Rewrite while typing');
  await editor(other).getByText('Open access articles receive more citations').click();
  await other.keyboard.press('End');
  await other.keyboard.type(' Typed during the preview.');
  await expect(editor(page)).toContainText('closed ones. Typed during the preview.');

  firstToken.open();
  await expect(dialog.getByRole('region', { name: 'Generated Text' })).toContainText(
    'Open access articles are cited more often',
  );
  await expect(dialog.getByText('Generating...')).toBeHidden();
  await dialog.getByRole('button', { name: 'OK' }).click();
  const notice = page.getByRole('alertdialog');
  await expect(notice).toContainText(
    'Section 1 Introduction: You edited this section while the AI wrote it: your text was kept',
  );
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  for (const tab of [page, other]) {
    await expect(editor(tab)).toContainText('Open access articles are cited more often');
    await expect(editor(tab)).toContainText(
      'Open access articles receive more citations than closed ones. Typed during the preview.',
    );
  }
  await save(page);
  const stored = await storedPaper(page, paper.id);
  expect(stored.content).toMatch(
    /^# Open Access\n\n## Introduction\n\nOpen access articles are cited more often \[ref_[a-z0-9]{8}\]\.\n\nOpen access articles receive more citations than closed ones\. Typed during the preview\.\n\n## Discussion\n\nWe discuss the limits\.$/,
  );
  await other.close();
});
