import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  analystResponder,
  isAnalysisRequest,
  SCORES_CSV,
} from '../../src/server/routes/api/data-analysis/analysis-test-support';
import { test, expect } from './ai-fixtures';
import { createPaper, editor, openPaper } from './ai-helpers';

const DELETE_CONFIRM = 'Are you sure you want to delete this file? This action cannot be undone.';

async function xlsxBytes(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Lab');
  sheet.addRow(['sample', 'weight']);
  for (let index = 1; index <= 12; index += 1) sheet.addRow([`s${index}`, 10 + index / 2]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function expectInViewport(page: Page, box: Locator) {
  const bounds = await box.boundingBox();
  const viewport = page.viewportSize();
  expect(bounds && viewport).toBeTruthy();
  expect(bounds!.x).toBeGreaterThanOrEqual(0);
  expect(bounds!.y).toBeGreaterThanOrEqual(0);
  expect(bounds!.x + bounds!.width).toBeLessThanOrEqual(viewport!.width);
  expect(bounds!.y + bounds!.height).toBeLessThanOrEqual(viewport!.height);
}

test('a student uploads data, asks, watches the progress, reads the notebook, downloads it, inserts the result and deletes a file', async ({
  page,
  fake,
}) => {
  test.setTimeout(300_000);
  const fallback = fake.respond;
  // The correction of the failing cell waits for the test, so the progress dialog can be read
  // at a known point of the run.
  let releaseCorrection: () => void = () => undefined;
  const correctionHeld = new Promise<void>((resolve) => (releaseCorrection = resolve));
  fake.respond = (chat) => {
    const answer = analystResponder(chat) ?? fallback(chat);
    return isAnalysisRequest(chat, 'CORRECTION') && answer.kind === 'json'
      ? { ...answer, after: correctionHeld }
      : answer;
  };
  const paper = await createPaper(page, 'Scores paper', '## Results\n\n');
  await openPaper(page, 'Scores paper');

  await page.getByRole('button', { name: 'Data Analysis', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Data Analysis Assistant' });
  await expect(modal).toBeVisible();
  await expectInViewport(page, modal);
  // The first use waits for the sandbox's preparation (seccomp filter, font cache).
  await expect(modal.locator('p.empty-state')).toHaveText('No data files uploaded yet', {
    timeout: 60_000,
  });

  // Escape closes the upload dialog while no upload runs.
  await modal.getByRole('button', { name: 'Upload data' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Data Files' });
  await expect(upload).toBeVisible();
  await expectInViewport(page, upload);
  await page.keyboard.press('Escape');
  await expect(upload).toBeHidden();
  await expect(modal).toBeVisible();

  // Upload: a CSV and an XLSX are taken, a text file is dropped with a note.
  await modal.getByRole('button', { name: 'Upload data' }).click();
  await expect(upload).toBeVisible();
  await upload.locator('input[type=file]').setInputFiles([
    { name: 'scores.csv', mimeType: 'text/csv', buffer: Buffer.from(SCORES_CSV) },
    {
      name: 'lab.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await xlsxBytes(),
    },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
  ]);
  await expect(upload.getByRole('status')).toContainText('skipped: notes.txt');
  await expect(
    upload.getByRole('list', { name: 'Files to upload' }).getByRole('listitem'),
  ).toHaveText(['scores.csv', 'lab.xlsx']);
  // The first upload is held at the browser's edge, so Escape is pressed while it runs.
  let releaseUpload: () => void = () => undefined;
  const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
  await page.route('**/api/data-upload', async (route) => {
    await uploadHeld;
    await route.continue();
  });
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(upload.getByRole('button', { name: 'Uploading...' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(upload.getByRole('button', { name: 'Uploading...' })).toBeVisible();
  releaseUpload();
  await expect(upload).toBeHidden({ timeout: 120_000 });
  await page.unroute('**/api/data-upload');
  const fileSelect = modal.getByLabel('Data file');
  await expect(fileSelect.locator('option')).toHaveText(['lab.xlsx', 'scores.csv']);

  // Ask about the CSV: the progress dialog shows the stages while the kernel runs the code.
  await fileSelect.selectOption({ label: 'scores.csv' });
  await modal
    .getByLabel('Question about the data')
    .fill('Is the difference between the groups significant?');
  await modal.getByRole('button', { name: 'Analyze' }).click();
  const progress = page.getByTestId('analysis-progress');
  await expect(progress).toBeVisible();
  await expectInViewport(page, progress);
  // Held at the correction of cell 2 (plan, 3 cells, report: 5 steps): the dialog of 000 §2.7
  // with its stage, step, percent, current operation and the error as details.
  const running = page.getByRole('dialog', { name: 'Running Analysis' });
  await expect(running).toBeVisible({ timeout: 120_000 });
  await expect(running).toContainText('Step 3 of 5');
  await expect(running).toContainText('40%');
  await expect(running.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
  await expect(running.locator('.analysis-operation')).toHaveText('Correcting cell 2');
  await expect(running.locator('.analysis-details')).toContainText('NameError');
  await expectInViewport(page, running);
  releaseCorrection();

  const cells = modal.getByTestId('code-cell');
  await expect(cells).toHaveCount(4, { timeout: 180_000 });
  await expect(progress).toBeHidden();
  await expect(cells.nth(1)).toContainText("NameError: name 'stats' is not defined");
  await expect(cells.nth(1)).toContainText('In [2]:');
  await expect(cells.nth(2)).toContainText(/t = -\d+\.\d{3}, p = /);
  await expect(cells.nth(2).locator('.py-keyword').first()).toHaveText('from');
  const figure = cells.nth(3).locator('img.notebook-figure');
  await expect(figure).toBeVisible();
  expect(await figure.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(modal.getByText('A Welch t-test showed that the treatment group')).toBeVisible();

  // The download is the conversation's notebook.
  const downloading = page.waitForEvent('download');
  await modal.getByRole('link', { name: 'Download notebook (.ipynb)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.ipynb$/);
  const notebook = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    nbformat: number;
    cells: { cell_type: string }[];
  };
  expect(notebook.nbformat).toBe(4);
  expect(notebook.cells.filter((cell) => cell.cell_type === 'code')).toHaveLength(4);

  // Insert into the paper: the figure and the Results paragraph, and the notebook attached.
  await modal.getByRole('button', { name: 'Insert into paper' }).click();
  await expect(modal.getByText('Inserted; the notebook is attached to the paper.')).toBeVisible();

  // Clear conversation starts afresh: the question, its notebook and the download are gone.
  const asked = modal.locator('.analysis-step');
  await expect(asked).toHaveCount(1);
  await modal.getByRole('button', { name: 'Clear conversation' }).click();
  await expect(asked).toHaveCount(0);
  await expect(modal.getByRole('link', { name: 'Download notebook (.ipynb)' })).toHaveCount(0);
  await expect(modal.getByRole('button', { name: 'Clear conversation' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(editor(page).locator('img[src^="data:image/png;base64,"]')).toBeVisible();
  await expect(editor(page)).toContainText('A Welch t-test showed that the treatment group');
  const attached = await page.request.get(`/api/data-analysis/paper-notebooks?paperId=${paper.id}`);
  const { notebooks } = (await attached.json()) as { notebooks: { question: string }[] };
  expect(notebooks.map((entry) => entry.question)).toEqual([
    'Is the difference between the groups significant?',
  ]);

  // Delete the XLSX after the spec's confirmation.
  await page.getByRole('button', { name: 'Data Analysis', exact: true }).click();
  await expect(modal).toBeVisible();
  await fileSelect.selectOption({ label: 'lab.xlsx' });
  await modal.getByRole('button', { name: 'Delete file' }).click();
  const confirm = page
    .getByRole('alertdialog')
    .or(page.getByRole('dialog', { name: 'Delete file' }));
  await expect(confirm.getByText(DELETE_CONFIRM)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(fileSelect.locator('option')).toHaveText(['scores.csv']);
});
