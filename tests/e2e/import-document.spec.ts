import type { Page } from '@playwright/test';
import {
  FIXTURE_PANDOC_MARKDOWN,
  pandocWrite,
} from '../../src/server/files/convert/testing/fixture-files';
import { editor, expect, openPaper, test, toolbarButton } from './editor-helpers';
import { wizard } from './helpers';
import { acknowledgeAlert } from './wizard-helpers';

/** A Word document with headings, a list, a table, equations and a citation. */
async function draftDocx() {
  const markdown = `${FIXTURE_PANDOC_MARKDOWN}\nSleep helps recall [ref_abc12345].\n`;
  return {
    name: 'draft.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: Buffer.from(await pandocWrite('docx', markdown)),
  };
}

/** The imported document as the editor shows it. */
async function expectImportedDocument(page: Page) {
  const doc = editor(page);
  await expect(doc.getByRole('heading', { name: /Results/ })).toBeVisible({ timeout: 120_000 });
  await expect(doc.getByRole('heading', { name: /Introduction/ })).toBeVisible();
  await expect(doc.locator('table')).toContainText('Treatment');
  await expect(doc.locator('.equation').first()).toBeVisible();
  await expect(doc.locator('.citation')).toHaveCount(1);
}

test.describe('Import existing document', () => {
  test.setTimeout(240_000);

  test('the wizard takes the document, and the paper opens with its content', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: '+ Add Paper' }).click();
    const dialog = wizard(page);
    await dialog.getByRole('radio', { name: /^Import existing document/ }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Title').fill('Imported draft');
    await dialog.getByLabel('Description').fill('My thesis draft, written in Word');
    await dialog.getByRole('button', { name: 'Next' }).click();
    // Import has three steps: the last one saves.
    await expect(dialog.getByRole('list', { name: 'Steps' }).getByRole('listitem')).toHaveText([
      'Choose paper type',
      'Specify properties',
      'Upload files',
    ]);

    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Add files for Document' }).click();
    await (await chooser).setFiles(await draftDocx());
    // A queued document that is not converted yet holds the paper back (001 §5): Save during
    // its conversion answers 001 §8's alert and saves nothing.
    await expect(dialog.getByText('Waiting for all files to finish converting...')).toBeVisible();
    let convert = () => undefined as void;
    const converting = new Promise<void>((resolve) => {
      convert = resolve;
    });
    await page.route('**/api/convertToMarkdown', async (route) => {
      await converting;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Upload Files' }).click();
    await expect(dialog.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await acknowledgeAlert(page, 'Please wait for all files to finish converting.');
    await expect(dialog).toBeVisible();
    convert();
    await expect(dialog.getByTestId('upload-entry')).toContainText('(Conversion complete)', {
      timeout: 120_000,
    });
    await expect(dialog.getByText('Waiting for all files to finish converting...')).toBeHidden();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });

    await expect(page.getByLabel('Paper title')).toHaveValue('Imported draft');
    await expectImportedDocument(page);
    // Reopened from the server, the content is the paper's own.
    await openPaper(page, 'Imported draft');
    await expectImportedDocument(page);
  });

  test('a document uploaded into an empty import paper’s Document slot becomes its content', async ({
    page,
  }) => {
    const created = await page.request.post('/api/papers', {
      data: { title: 'Slot import', type: 'import' },
    });
    expect(created.ok()).toBe(true);
    await openPaper(page, 'Slot import');
    await toolbarButton(page, 'Edit Files').click();
    const fileEditor = page.getByRole('dialog', { name: 'File Editor' });
    await fileEditor.getByRole('button', { name: 'Upload File' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Files' });
    const chooser = page.waitForEvent('filechooser');
    await upload.getByRole('button', { name: 'Add files for Document' }).click();
    await (await chooser).setFiles(await draftDocx());
    await upload.getByRole('button', { name: 'Upload Files' }).click();
    await expect(upload.getByTestId('upload-entry')).toContainText('(Conversion complete)', {
      timeout: 120_000,
    });
    await upload.getByRole('button', { name: 'Close' }).click();
    await fileEditor.getByRole('button', { name: 'Close' }).click();
    await expectImportedDocument(page);
  });
});
