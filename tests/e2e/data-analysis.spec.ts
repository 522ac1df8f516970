import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  analystResponder,
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
  fake.respond = (chat) => analystResponder(chat) ?? fallback(chat);
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

  // Upload: a CSV and an XLSX are taken, a text file is dropped with a note.
  await modal.getByRole('button', { name: 'Upload data' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Data Files' });
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
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(upload).toBeHidden({ timeout: 120_000 });
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
  await expect(progress).toContainText(/Step \d+ of \d+/);
  await expectInViewport(page, progress);

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
