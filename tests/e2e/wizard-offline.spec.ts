import type { Page } from '@playwright/test';
import { offlineTest as test, expect } from './ai-fixtures';
import { expectTopmost, paperList, wizard } from './helpers';
import { editor } from './editor-helpers';
import { expectPurposesAndWorks, refineCloseReopenAndSave } from './wizard-helpers';

async function toStructure(page: Page, title: string) {
  await page.goto('/');
  await page.getByRole('button', { name: '+ Add Paper' }).click();
  const dialog = wizard(page);
  await dialog.getByRole('radio', { name: /^Literature review/ }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Title').fill(title);
  await dialog
    .getByLabel('Description')
    .fill('What is known about the open access citation advantage');
  const started = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/structure') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Skip' }).click();
  const { jobId } = (await (await started).json()) as { jobId: string };
  await expect(dialog.getByTestId('structure-node').first()).toBeVisible({ timeout: 60_000 });
  return { dialog, jobId };
}

test('without a model the type’s template is used, the wizard says so, and Save keeps it', async ({
  page,
}) => {
  const { dialog } = await toStructure(page, 'Open access review');
  await expect(
    dialog.getByText('No AI model is configured, so this is the paper type’s template', {
      exact: false,
    }),
  ).toBeVisible();
  // PRISMA-style sections with the title in their purposes, as written English.
  await expect(dialog.locator('.structure-title').first()).toHaveText('Introduction');
  await expect(dialog.getByText('Eligibility Criteria')).toBeVisible();
  await expect(dialog.locator('.structure-purpose').first()).toHaveText(
    'Give the rationale and the objectives of the review “Open access review”.',
  );
  // Each section shows the works attached to it, or says that none were found for it.
  const nodes = dialog.getByTestId('structure-node');
  for (let index = 0; index < (await nodes.count()); index++) {
    await expect(
      nodes.nth(index).locator('.structure-works > li, .structure-no-works').first(),
    ).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(editor(page).getByRole('heading', { name: /Eligibility Criteria/ })).toBeVisible();
});

test('a template for a topic the library lacks says that no works were found, section by section', async ({
  page,
}) => {
  // Issue 33 item 9: the wizard said 'filled with … the literature found for each section'
  // while no section showed a work.
  const { dialog } = await toStructure(page, 'Falconry in Norman England?');
  await expect(dialog.getByRole('note').filter({ hasText: 'No AI model' })).toHaveText(
    'No AI model is configured, so this is the paper type’s template for your title. No works on your topic were found in the literature, so no section has works yet.',
  );
  const nodes = dialog.getByTestId('structure-node');
  const count = await nodes.count();
  expect(count).toBeGreaterThan(5);
  await expect(dialog.locator('.structure-works')).toHaveCount(0);
  await expect(dialog.getByText('No works were found for this section.')).toHaveCount(count);
  await expect(
    dialog.getByText(
      'Name the databases searched and the queries used for the review “Falconry in Norman England?”',
      { exact: true },
    ),
  ).toBeVisible();
  // A heading the person adds was never searched for: it claims nothing.
  await dialog.getByRole('button', { name: 'Add heading after Conclusion' }).click();
  await page.keyboard.type('Appendix');
  await page.keyboard.press('Enter');
  await expect(nodes).toHaveCount(count + 1);
  await expect(dialog.getByText('No works were found for this section.')).toHaveCount(count);
  // The file's tests share one user: a draft left open would greet the next Add Paper with the
  // jobs list, as it greets a person who comes back to one.
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
});

test('Discard removes the temporary paper and its structure job', async ({ page }) => {
  const { dialog, jobId } = await toStructure(page, 'Paper to discard');
  const job = (await (await page.request.get(`/api/structure?jobId=${jobId}`)).json()) as {
    status: string;
  };
  expect(job.status).toBe('completed');
  await dialog.getByRole('button', { name: 'Discard' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Discard this new paper?');
  await confirm.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();

  await expect(paperList(page).getByText('Paper to discard')).toHaveCount(0);
  const papers = (await (await page.request.get('/api/papers')).json()) as { title: string }[];
  expect(papers.map((paper) => paper.title)).not.toContain('Paper to discard');
  // The job went with its draft: nothing is left to run or to list.
  expect((await page.request.get(`/api/structure?jobId=${jobId}`)).status()).toBe(404);
});

test('Close asks before it removes the draft; Escape in the tree’s rename keeps the wizard', async ({
  page,
}) => {
  const { dialog, jobId } = await toStructure(page, 'Closed paper');
  await dialog.getByRole('button', { name: 'Rename Introduction' }).click();
  await dialog.getByLabel('Heading title').fill('Changed');
  await page.keyboard.press('Escape');
  await expect(dialog.locator('.structure-title').first()).toHaveText('Introduction');
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Close' }).first().click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  expect((await page.request.get(`/api/structure?jobId=${jobId}`)).status()).toBe(404);
});

test('after a reload the jobs list reopens the structure, which refines into an extensive one; both jobs are found again after closing the browser', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // The template fills the title into each purpose, and a section's works are the retrieved
  // ones that share its purpose's words: a title that names the topic gets every heading works.
  const { dialog } = await toStructure(page, 'Open access citation review');
  const before = await dialog.getByTestId('structure-node').count();
  await page.reload();
  await expect(dialog).toBeHidden();

  // A completed structure job: Add Paper opens the jobs list (002 §4).
  await page.getByRole('button', { name: '+ Add Paper' }).click();
  const jobs = page.getByRole('dialog', { name: 'Paper Structures' });
  const job = jobs.getByRole('button', { name: /^Open access citation review/ });
  await expect(job).toContainText('Structure ready - Save or Refine');
  await expect(jobs.getByRole('button', { name: 'Create New Paper' })).toBeVisible();
  await job.click();
  await expect(dialog.getByTestId('structure-node')).toHaveCount(before, { timeout: 30_000 });
  await expectPurposesAndWorks(dialog);

  await dialog.getByRole('button', { name: 'Create extensive paper (100+ pages)' }).click();
  const modal = page.getByRole('dialog', { name: 'Comprehensive Paper' });
  await expect(modal.getByText('Cost analysis')).toBeVisible();
  await expect(modal.getByText('The actual cost may be higher.')).toBeVisible();
  await expect(
    modal.getByText('Refining a section is expected to take several minutes.'),
  ).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();
  await refineCloseReopenAndSave(page, browser, baseURL ?? '', 'Open access citation review');
});

test('an empty paper: three steps, an optional description, a file, Save; no structure is generated', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/structure')) asked.push(request.url());
  });
  await page.goto('/');
  await page.getByRole('button', { name: '+ Add Paper' }).click();
  const dialog = wizard(page);
  await dialog.getByRole('radio', { name: /^Empty paper/ }).check();
  await expect(dialog.getByRole('list', { name: 'Steps' }).getByRole('listitem')).toHaveText([
    'Choose paper type',
    'Specify properties',
    'Upload files',
  ]);
  const next = dialog.getByRole('button', { name: 'Next' });
  await next.click();
  // 001 §5: only the title is required, and the description says it is optional.
  await expect(dialog.getByLabel('Description (optional)')).toBeVisible();
  await expect(dialog.getByLabel('Research Methodology')).toHaveCount(0);
  await expect(next).toBeDisabled();
  await dialog.getByLabel('Title').fill('Blank notebook');
  await expect(next).toBeEnabled();
  await dialog.getByLabel('Description (optional)').fill('Notes for later');
  await next.click();

  // The default goals (000 §9), no Skip and no Next: Save is the last step's button.
  for (const goal of ['Supporting material', 'Data', 'Results']) {
    await expect(dialog.getByRole('button', { name: `Add files for ${goal}` })).toBeVisible();
  }
  await expect(dialog.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await expect(next).toHaveCount(0);
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Add files for Data' }).click();
  await (
    await chooser
  ).setFiles({ name: 'scores.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') });
  // Save sends the queued file first.
  const save = dialog.getByRole('button', { name: 'Save' });
  await expectTopmost(save);
  await save.click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByLabel('Paper title')).toHaveValue('Blank notebook');
  await expect(paperList(page).getByText('Blank notebook')).toBeVisible();

  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  const paper = (await (await page.request.get(`/api/papers/${id}`)).json()) as {
    type: string;
    description: string;
    content: string;
  };
  expect(paper).toMatchObject({ type: 'empty', description: 'Notes for later' });
  expect(paper.content).not.toContain('##');
  const files = (await (await page.request.get(`/api/files?paperId=${id}`)).json()) as {
    files: { filename: string; goal: string }[];
  };
  expect(files.files).toMatchObject([{ filename: 'scores.csv', goal: 'data' }]);
  expect(asked).toEqual([]);
  const { jobs } = (await (await page.request.get('/api/refine-structure/jobs')).json()) as {
    jobs: { paperId: string | null }[];
  };
  expect(jobs.filter((job) => job.paperId === id)).toEqual([]);
});
