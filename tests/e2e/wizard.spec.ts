import type { Locator, Page } from '@playwright/test';
import { test, expect } from './ai-fixtures';
import { expectTopmost, paperList, wizard } from './helpers';
import { editor, toolbarButton } from './editor-helpers';
import { expectPurposesAndWorks, refineCloseReopenAndSave } from './wizard-helpers';

interface StoredPaper {
  id: string;
  title: string;
  description: string;
  methodology: string;
  field: string;
  content: string;
  citations: { refId: string; title?: string }[];
}

async function openWizard(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.getByRole('button', { name: '+ Add Paper' }).click();
  const dialog = wizard(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Steps 0 and 1 of a scientific paper, checking that Next follows 001 §5 on the way. */
async function scientificProperties(dialog: Locator, title: string) {
  const next = dialog.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  // Every type the spec names is offered with what it is for.
  await expect(dialog.getByRole('radio')).toHaveCount(10);
  await expect(dialog.getByText('A peer review of a manuscript', { exact: false })).toBeVisible();
  await dialog.getByRole('radio', { name: /^Scientific paper/ }).check();
  await expectTopmost(next);
  await next.click();

  await expect(dialog.getByText('verify every citation', { exact: false })).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await expect(next).toBeDisabled();
  await dialog.getByLabel('Description').fill('Whether freely available articles are cited more');
  await expect(next).toBeDisabled();
  // The suggestions are offered, and free text is accepted too.
  await expect(dialog.locator('datalist option[value="Case Study"]')).toHaveCount(1);
  await dialog.getByLabel('Research Methodology').fill('Bibliometric comparison');
  await expect(next).toBeDisabled();
  await dialog.getByLabel('Scientific Field').fill('Computer Science');
  await expect(next).toBeEnabled();
  await next.click();
  await expect(dialog.getByRole('heading', { name: 'Upload files' })).toBeVisible();
  // One drop zone per goal of a scientific paper (000 §9).
  for (const goal of [
    'Theoretical background',
    'Qualitative results',
    'Quantitative results',
    'Literature review',
  ]) {
    await expect(dialog.getByRole('button', { name: `Add files for ${goal}` })).toBeVisible();
  }
}

async function storedPaper(page: Page, id: string): Promise<StoredPaper> {
  const response = await page.request.get(`/api/papers/${id}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as StoredPaper;
}

test('a scientific paper: properties, a file, a structure with purposes and works, edited, saved', async ({
  page,
  fake,
}) => {
  test.setTimeout(120_000);
  const dialog = await openWizard(page);
  await scientificProperties(dialog, 'Open access citations');
  // A file for one goal: Next sends it, and the structure is asked with its text.
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Add files for Theoretical background' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Green open access repositories in our department since 2015.'),
  });
  const started = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/structure') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Next' }).click();
  // Step 3 generates by itself.
  const response = await started;
  expect(response.status()).toBe(202);
  const { paperId } = response.request().postDataJSON() as { paperId: string };
  const files = (await (await page.request.get(`/api/files?paperId=${paperId}`)).json()) as {
    files: { filename: string; goal: string }[];
  };
  expect(files.files).toMatchObject([{ filename: 'notes.txt', goal: 'theoretical_background' }]);

  const nodes = dialog.getByTestId('structure-node');
  await expect(nodes).toHaveCount(4, { timeout: 60_000 });
  await expect(nodes.nth(0)).toContainText('Chapter');
  await expect(nodes.nth(0)).toContainText('Introduction');
  await expect(nodes.nth(0)).toContainText('Motivates the question');
  await expect(nodes.nth(1)).toContainText('Section');
  await expect(
    dialog.getByRole('list', { name: 'Works for Introduction' }).getByRole('listitem'),
  ).not.toHaveCount(0);
  await expect(dialog.getByText('No AI model is configured', { exact: false })).toHaveCount(0);
  const asked = fake.chats.find(
    (chat) => 'sections' in (chat.body.response_format?.json_schema?.schema?.properties ?? {}),
  );
  expect(asked?.prompt).toContain('Green open access repositories in our department');
  expect(asked?.prompt).toContain('Bibliometric comparison');

  // Rename, add, move and remove headings before Save.
  await dialog.getByRole('button', { name: 'Rename Results' }).click();
  const rename = dialog.getByLabel('Heading title');
  await rename.fill('Findings');
  await rename.press('Enter');
  await expect(nodes.nth(3)).toContainText('Findings');
  await dialog.getByRole('button', { name: 'Add heading after Findings' }).click();
  await dialog.getByLabel('Heading title').fill('Discussion');
  await dialog.getByLabel('Heading title').press('Enter');
  await dialog.getByRole('button', { name: 'Move Methods down' }).click();
  await dialog.getByRole('button', { name: 'Remove Related Work' }).click();
  await expect(dialog.locator('.structure-title')).toHaveText([
    'Introduction',
    'Findings',
    'Methods',
    'Discussion',
  ]);

  const save = dialog.getByRole('button', { name: 'Save' });
  await expectTopmost(save);
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Paper title')).toHaveValue('Open access citations');
  await expect(editor(page).getByRole('heading', { name: /Findings/ })).toBeVisible();
  await expect(editor(page).getByText('Motivates the question', { exact: false })).toBeVisible();

  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  const paper = await storedPaper(page, id);
  expect(paper.methodology).toBe('Bibliometric comparison');
  expect(paper.field).toBe('Computer Science');
  expect(paper.content).toMatch(/^# Open access citations\n\n## Introduction/);
  expect(paper.content).toContain('## Discussion');
  expect(paper.content).not.toContain('Related Work');
  // The works of the remaining sections are the paper's references.
  const cited = [...paper.content.matchAll(/ref_[a-z0-9]{8}/g)].map((match) => match[0]);
  expect(cited.length).toBeGreaterThan(0);
  for (const refId of cited) {
    expect(paper.citations.map((citation) => citation.refId)).toContain(refId);
  }
  await expect(paperList(page).getByText('Open access citations')).toBeVisible();
});

test('the structure refines into an extensive one, and both jobs are found again after closing the browser', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const dialog = await openWizard(page);
  await scientificProperties(dialog, 'Extensive open access study');
  await dialog.getByRole('button', { name: 'Skip' }).click();
  await expect(dialog.getByTestId('structure-node')).toHaveCount(4, { timeout: 60_000 });
  await expectPurposesAndWorks(dialog);
  await refineCloseReopenAndSave(page, browser, baseURL ?? '', 'Extensive open access study');
});

test('Edit Paper Properties changes the open paper’s properties', async ({ page }) => {
  const created = await page.request.post('/api/papers', {
    data: { title: 'Properties paper', type: 'scientific', description: 'Before' },
  });
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/papers/${id}`);
  await toolbarButton(page, 'Edit Paper Properties').click();
  const dialog = page.getByRole('dialog', { name: 'Edit Paper Properties' });
  await expect(dialog.getByRole('list', { name: 'Steps' }).getByRole('listitem')).toHaveText([
    'Edit properties',
    'Upload files',
  ]);
  await dialog.getByLabel('Description').fill('After');
  await dialog.getByLabel('Research Methodology').fill('Case Study');
  await dialog.getByLabel('Scientific Field').fill('Biology');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(
    dialog.getByRole('button', { name: 'Add files for Qualitative results' }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const paper = await storedPaper(page, id);
  expect(paper).toMatchObject({
    description: 'After',
    methodology: 'Case Study',
    field: 'Biology',
  });
});
