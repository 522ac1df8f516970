import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  analystResponder,
  isAnalysisRequest,
  SCORES_CSV,
  validateAndRerun,
} from '../../src/server/routes/api/data-analysis/analysis-test-support';
import { test, expect } from './ai-fixtures';
import { createPaper, editor, openPaper, save, storedPaper } from './ai-helpers';

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
  const paper = await createPaper(
    page,
    'Scores paper',
    '## Results\n\nThe groups were compared.\n\n## Discussion\n\nThe effect is large.',
  );
  await openPaper(page, 'Scores paper');
  // The result goes in at the cursor: here, after the first Results paragraph.
  await editor(page).getByText('The groups were compared.').click();
  await page.keyboard.press('End');

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
  // How long the kernel takes to start and run cell 1 depends on the machine: the test waits
  // for the model to be asked for the correction, a point the run always stops at.
  await expect
    .poll(() => fake.chats.some((chat) => isAnalysisRequest(chat, 'CORRECTION')), {
      timeout: 120_000,
    })
    .toBe(true);
  const running = page.getByRole('dialog', { name: 'Running Analysis' });
  await expect(running).toBeVisible();
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
  // Every number of the report was printed by a cell: nothing to check.
  await expect(modal.locator('.analysis-check')).toHaveCount(0);

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
  // It re-runs with nbclient next to the data file, printing what the modal showed.
  const rerun = await validateAndRerun(
    readFileSync((await download.path())!, 'utf8'),
    'scores.csv',
    SCORES_CSV,
  );
  expect(rerun[2]).toMatch(/^t = -\d+\.\d{3}, p = /);
  await expect(cells.nth(2)).toContainText(rerun[2]!.trim());

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
  // The figure and the Results paragraph sit where the cursor was, between the paragraph it
  // was in and the next section.
  const insertedFigure = editor(page).locator('img[src^="data:image/png;base64,"]');
  await expect(insertedFigure).toBeVisible();
  const reportParagraph = editor(page).getByText('A Welch t-test showed that the treatment group');
  await expect(reportParagraph).toBeVisible();
  const top = async (target: Locator) => (await target.boundingBox())!.y;
  const order = [
    await top(editor(page).getByText('The groups were compared.')),
    await top(insertedFigure),
    await top(reportParagraph),
    await top(editor(page).getByRole('heading', { name: 'Discussion' })),
  ];
  expect([...order].sort((a, b) => a - b)).toEqual(order);
  await save(page);
  const saved = (await storedPaper(page, paper.id)).content;
  expect(saved).toMatch(
    /The groups were compared\.\n\n!\[Figure: Is the difference between the groups significant\?\]\(data:image\/png;base64,[A-Za-z0-9+/=]+\)\n\nA Welch t-test showed[^\n]*\n\n## Discussion/,
  );

  // The paper keeps the notebook that drew its figure: listed in the modal, downloadable.
  await page.getByRole('button', { name: 'Data Analysis', exact: true }).click();
  await expect(modal).toBeVisible();
  await modal.getByText('Notebooks in this paper (1)').click();
  const attachedList = modal.getByRole('list', { name: 'Notebooks in this paper' });
  await expect(attachedList.getByRole('listitem')).toContainText(
    'Is the difference between the groups significant?',
  );
  const attachedDownloading = page.waitForEvent('download');
  await attachedList.getByRole('link', { name: 'Download (.ipynb)' }).click();
  const attachedNotebook = JSON.parse(
    readFileSync((await (await attachedDownloading).path())!, 'utf8'),
  ) as { cells: { cell_type: string; source: string }[] };
  expect(attachedNotebook.cells.filter((cell) => cell.cell_type === 'code')).toHaveLength(4);
  expect(attachedNotebook.cells[0]!.source).toBe(
    '## Is the difference between the groups significant?',
  );

  // Delete the XLSX after the spec's confirmation.
  await fileSelect.selectOption({ label: 'lab.xlsx' });
  await modal.getByRole('button', { name: 'Delete file' }).click();
  const confirm = page
    .getByRole('alertdialog')
    .or(page.getByRole('dialog', { name: 'Delete file' }));
  await expect(confirm.getByText(DELETE_CONFIRM)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(fileSelect.locator('option')).toHaveText(['scores.csv']);
});

test('the notebook view checks what it renders, as the spec says', async ({ page }) => {
  // Answers the real server never gives: the client's own checks of 002 §5 and §8.
  const figure = (png: string) => ({
    output_type: 'display_data',
    data: { 'image/png': png, 'text/plain': '<Figure>' },
    metadata: {},
  });
  const notebook = (cells: object[]) => ({
    nbformat: 4,
    nbformat_minor: 5,
    metadata: {},
    cells,
  });
  const step = (
    stepId: string,
    question: string,
    status: string,
    trace: object,
    report = 'Report.',
  ) => ({
    stepId,
    conversationId: 'checked-conversation',
    fileId: 'file-1',
    question,
    automatic: false,
    status,
    progress: null,
    text: '',
    result: status === 'completed' ? { report } : null,
    trace,
    error: status === 'failed' ? 'boom' : null,
    paperId: null,
    createdAt: new Date().toISOString(),
  });
  const steps = [
    step(
      'step-images',
      'Show the figures',
      'completed',
      notebook([
        {
          cell_type: 'code',
          id: 'c1',
          source: 'plt.show()',
          execution_count: 1,
          metadata: {},
          outputs: [
            { output_type: 'stream', name: 'stdout', text: 't = 2.345, p = 0.0312\n' },
            figure('not base64!'),
            figure('AAAA'),
          ],
        },
      ]),
      // d = 0.91 was printed nowhere: the reader is told to check it.
      'The groups differ (t = 2.35, p = .03, d = 0.91).',
    ),
    step(
      'step-raw',
      'A raw cell',
      'completed',
      notebook([{ cell_type: 'raw', id: 'r1', source: 'x', metadata: {} }]),
    ),
    step('step-failed', 'A failed step', 'failed', notebook([])),
  ];
  await page.route('**/api/data-analysis/conversation?*', (route) =>
    route.fulfill({ json: { steps } }),
  );
  await page.route('**/api/data-files?*', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          json: {
            files: [
              {
                file_id: 'file-1',
                filename: 'scores.csv',
                created_at: new Date().toISOString(),
                size: 10,
                sheets: [],
              },
            ],
          },
        })
      : route.fallback(),
  );
  // A step answer without its x-step-id header: only a console warning.
  await page.route('**/api/data-analysis', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 200, contentType: 'text/plain', body: 'Planning.' })
      : route.fallback(),
  );
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });

  await page.goto('/');
  await page.getByRole('button', { name: 'Data Analysis', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Data Analysis Assistant' });
  await expect(modal).toBeVisible();
  const [images, raw, failed] = [0, 1, 2].map((index) =>
    modal.locator('.analysis-step').nth(index),
  );
  await expect(images!.locator('.error-box')).toHaveText([
    'Invalid image format or data',
    'Failed to load image data',
  ]);
  await expect(images!.locator('img')).toHaveCount(0);
  await expect(images!.getByRole('note').filter({ hasText: 'Check before using' })).toHaveText(
    "Check before using: the report's number 0.91 does not appear in the analysis output.",
  );
  await expect(raw!.locator('.error-box')).toHaveText('Invalid notebook data structure.');
  await expect(raw!.locator('.analysis-check')).toHaveCount(0);
  await expect(failed!.locator('.error-box')).toHaveText(
    'Sorry, there was an error processing your data analysis request.',
  );

  await modal.getByLabel('Question about the data').fill('Is there a difference?');
  await modal.getByRole('button', { name: 'Analyze' }).click();
  await expect.poll(() => warnings).toContain('The data analysis answer has no x-step-id header');
  await expect(modal.getByRole('button', { name: 'Analyze' })).toBeVisible();
  await expect(modal.locator('p.error-box', { hasText: 'Sorry' })).toHaveCount(1);
});

test('without its packages the modal says so in one sentence', async ({ page }) => {
  // This server has the packages; the answer of one that has not (data-analysis.api.test.ts).
  await page.route('**/api/data-analysis/status', (route) =>
    route.fulfill({
      json: {
        available: false,
        message: 'Data analysis is not installed on this server.',
        aiAvailable: true,
      },
    }),
  );
  await page.goto('/');
  await page.getByRole('button', { name: 'Data Analysis', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Data Analysis Assistant' });
  await expect(modal).toContainText('Data analysis is not installed on this server.');
  await expect(modal.getByRole('button', { name: 'Analyze' })).toHaveCount(0);
});
