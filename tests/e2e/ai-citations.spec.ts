import { test, expect } from './ai-fixtures';
import { createPaper, editor, findWork, gate, openPaper, storedPaper } from './ai-helpers';

const WARNING = 'Warning: This citation may not support the claim based on the abstract content';

interface StoredCitation {
  refId: string;
  certainty: number | null;
  evidence: string | null;
}

test('editing a citing paragraph re-checks it offline: a low certainty turns the citation orange with the warning', async ({
  page,
}) => {
  // Unpriced checks never call the model (docs/billing.md): the lexical scorer finds nothing of
  // this claim in the open access abstract.
  const work = await findWork(page, 'open access citation advantage');
  const paper = await createPaper(page, 'Checked paper');
  const put = await page.request.put(`/api/papers/${paper.id}`, {
    data: {
      content: `## Introduction\n\nWhale songs travel across oceans [${work.refId}].`,
      citations: [{ ...work, certainty: 0.95, reasoning: 'Clearly stated.' }],
      updated_at: paper.updated_at,
    },
  });
  expect(put.ok(), await put.text()).toBe(true);
  await openPaper(page, 'Checked paper');

  const label = editor(page).locator(`[data-ref-id="${work.refId}"]`);
  await expect(label).toBeVisible();
  await expect(label).not.toHaveClass(/uncertain/);

  const analysis = page.waitForRequest('**/api/chunk-analysis');
  // At the paragraph's start: a click on the label would open the reference modal.
  await editor(page)
    .locator('p')
    .first()
    .click({ position: { x: 3, y: 8 } });
  await page.keyboard.press('Home');
  await page.keyboard.type('Indeed, ');
  const body = (await analysis).postDataJSON() as { text: string; paperId: string };
  expect(body).toEqual({
    text: `Indeed, Whale songs travel across oceans [${work.refId}].`,
    paperId: paper.id,
  });

  await expect(label).toHaveClass(/uncertain/);
  const stored = (await storedPaper(page, paper.id)).citations as StoredCitation[];
  expect(stored.find((entry) => entry.refId === work.refId)?.certainty).toBeLessThan(0.5);

  await label.click();
  const modal = page.getByRole('dialog').filter({ hasText: 'Certainty:' });
  await expect(modal.getByText(WARNING)).toBeVisible();
  await expect(modal.locator('.certainty-note.uncertain')).toHaveCSS('color', /rgb\(162, 79, 5\)/);
  const evidence = stored.find((entry) => entry.refId === work.refId)?.evidence ?? '';
  expect(evidence).not.toBe('');
  await expect(modal.locator('mark.evidence')).toHaveText(evidence);
});

test('the Summary dialog searches, streams the summary with citations shown as the editor shows them, and closes', async ({
  page,
  script,
}) => {
  const firstToken = gate();
  let cite = '';
  script({
    write: () => ({
      kind: 'text',
      chunks: [
        `The study finds an open access advantage [${cite}]. `,
        'A claim with an invented source [ref_fake0000]. It supports your introduction.',
      ],
      firstChunkAfter: firstToken.opened,
    }),
  });
  const work = await findWork(page, 'open access citation advantage');
  cite = work.refId;
  const paper = await createPaper(page, 'Summary paper');
  const put = await page.request.put(`/api/papers/${paper.id}`, {
    data: {
      content: `Open access raises citations [${work.refId}].`,
      citations: [work],
      updated_at: paper.updated_at,
    },
  });
  expect(put.ok(), await put.text()).toBe(true);
  await openPaper(page, 'Summary paper');

  const inEditor = editor(page).locator(`[data-ref-id="${work.refId}"]`);
  const label = (await inEditor.textContent()) ?? '';
  expect(label).not.toBe('');
  await inEditor.click();
  const request = page.waitForRequest('**/api/summarize-elaborate');
  await page.getByRole('button', { name: 'Summarize' }).click();
  expect((await request).postDataJSON()).toEqual({
    doi: (work.doi as string | null) ?? work.refId,
    paperId: paper.id,
  });

  const summary = page.getByRole('dialog', { name: 'Summary' });
  await expect(summary.getByRole('heading', { name: work.title })).toBeVisible();
  await expect(summary.getByText(/Searching for document\.\.\.|Summarizing\.\.\./)).toBeVisible();
  firstToken.open();
  const text = summary.getByLabel('Summary text');
  await expect(text).toHaveText(
    `The study finds an open access advantage (${label}). A claim with an invented source. It supports your introduction.`,
  );
  await expect(text.locator(`[data-ref-id="${work.refId}"]`)).toHaveText(label);
  await expect(summary.getByText('Summarizing...')).toBeHidden();
  await summary.getByRole('button', { name: 'Close' }).click();
  await expect(summary).toBeHidden();
});

test('a summary failure is shown in red', async ({ page, script }) => {
  script({ write: () => ({ kind: 'error', status: 500 }) });
  const work = await findWork(page, 'sleep apnea');
  const paper = await createPaper(page, 'Failing summary');
  const put = await page.request.put(`/api/papers/${paper.id}`, {
    data: { content: `Sleep [${work.refId}].`, citations: [work], updated_at: paper.updated_at },
  });
  expect(put.ok(), await put.text()).toBe(true);
  await openPaper(page, 'Failing summary');
  await editor(page).locator(`[data-ref-id="${work.refId}"]`).click();
  await page.getByRole('button', { name: 'Summarize' }).click();
  const error = page
    .getByRole('dialog', { name: 'Summary' })
    .getByText('An error occurred while processing the paper.');
  await expect(error).toBeVisible({ timeout: 20_000 });
  await expect(error).toHaveCSS('color', 'rgb(180, 35, 24)');
});

test('one certainty per citation: the model judge’s verdict stays while its sentence is unchanged, shown with its method', async ({
  page,
}) => {
  // The judge said 95% when the section was written; the offline check would find nothing of
  // this claim in the open access abstract.
  const work = await findWork(page, 'open access citation advantage');
  const paper = await createPaper(page, 'Judged paper');
  const put = await page.request.put(`/api/papers/${paper.id}`, {
    data: {
      content: `## Introduction\n\nWhale songs travel across oceans [${work.refId}].`,
      citations: [
        {
          ...work,
          certainty: 0.95,
          reasoning: 'The judge found it.',
          check_method: 'model',
          checked_claim: 'Whale songs travel across oceans.',
        },
      ],
      updated_at: paper.updated_at,
    },
  });
  expect(put.ok(), await put.text()).toBe(true);
  await openPaper(page, 'Judged paper');
  const label = editor(page).locator(`[data-ref-id="${work.refId}"]`);
  await expect(label).not.toHaveClass(/uncertain/);

  // A new sentence in the same paragraph: the paragraph is checked, the judged claim is not.
  const analysis = page.waitForResponse('**/api/chunk-analysis');
  await editor(page)
    .locator('p')
    .first()
    .click({ position: { x: 3, y: 8 } });
  await page.keyboard.press('End');
  await page.keyboard.type(' They are loud.');
  expect((await analysis).ok()).toBe(true);
  await expect(label).not.toHaveClass(/uncertain/);
  const stored = (await storedPaper(page, paper.id)).citations as StoredCitation[];
  expect(stored.find((entry) => entry.refId === work.refId)?.certainty).toBe(0.95);
  await label.click();
  const modal = page.getByRole('dialog').filter({ hasText: 'Certainty:' });
  await expect(modal).toContainText('Certainty: 95% (model judge)');
  await modal.getByRole('button', { name: 'Close', exact: true }).click();

  // The claim itself changed: now the offline check decides, and says so.
  const recheck = page.waitForResponse('**/api/chunk-analysis');
  await editor(page)
    .locator('p')
    .first()
    .click({ position: { x: 3, y: 8 } });
  await page.keyboard.press('Home');
  await page.keyboard.type('Indeed, ');
  expect((await recheck).ok()).toBe(true);
  await expect(label).toHaveClass(/uncertain/);
  await label.click();
  await expect(modal).toContainText(/Certainty: \d+% \(offline check\)/);
});
