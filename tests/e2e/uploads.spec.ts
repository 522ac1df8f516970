import type { Locator, Page } from '@playwright/test';
import { hostileFiles } from '../../src/server/files/convert/testing/hostile-files';
import {
  pandocWrite,
  FIXTURE_PANDOC_MARKDOWN,
} from '../../src/server/files/convert/testing/fixture-files';
import { expectFocusTrapped } from './a11y-helpers';
import {
  createPaper,
  cursorAtEnd,
  editor,
  expect,
  openPaper,
  test,
  toolbarButton,
} from './editor-helpers';

const NOTES = [
  '# Field notes',
  '',
  '- Participants slept eight hours',
  '- Recall improved',
  '',
  '<script>window.__injected = true</script>',
  '',
  '<img src="x" onerror="window.__injected = true">',
].join('\n');

/** Drops files onto a drop zone the way a browser delivers a drag from the desktop. */
async function dropFiles(page: Page, zone: Locator, files: { name: string; text: string }[]) {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) data.items.add(new File([file.text], file.name));
    return data;
  }, files);
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

/**
 * Drops a folder as a drag from the desktop delivers it: a drop whose item is a directory
 * entry. A page cannot put a folder into a DataTransfer, so the folder is built in Chromium's
 * sandboxed file system, whose entries are the browser's own (a directory reader answering in
 * batches, files read through `file()`), and only the drop's item list is assembled here.
 */
async function dropFolder(zone: Locator, folder: string, files: { path: string; text: string }[]) {
  await zone.evaluate(
    async (element, { folder, files }) => {
      type Callback<T> = (value: T) => void;
      const request = (
        window as unknown as {
          webkitRequestFileSystem: (
            type: number,
            size: number,
            done: Callback<FileSystem>,
            failed: Callback<unknown>,
          ) => void;
        }
      ).webkitRequestFileSystem;
      const fileSystem = await new Promise<FileSystem>((resolve, reject) =>
        request(0, 1024 * 1024, resolve, reject),
      );
      const directory = (parent: FileSystemDirectoryEntry, name: string) =>
        new Promise<FileSystemDirectoryEntry>((resolve, reject) =>
          parent.getDirectory(
            name,
            { create: true },
            (entry) => resolve(entry as FileSystemDirectoryEntry),
            reject,
          ),
        );
      const root = await directory(fileSystem.root, folder);
      for (const file of files) {
        const parts = file.path.split('/');
        const name = parts.pop() ?? '';
        let parent = root;
        for (const part of parts) parent = await directory(parent, part);
        const entry = await new Promise<FileSystemFileEntry>((resolve, reject) =>
          parent.getFile(
            name,
            { create: true },
            (created) => resolve(created as FileSystemFileEntry),
            reject,
          ),
        );
        await new Promise<void>((resolve, reject) =>
          (
            entry as unknown as {
              createWriter: (
                done: Callback<{
                  onwriteend: () => void;
                  onerror: Callback<unknown>;
                  write: (blob: Blob) => void;
                }>,
              ) => void;
            }
          ).createWriter((writer) => {
            writer.onwriteend = () => resolve();
            writer.onerror = reject;
            writer.write(new Blob([file.text]));
          }),
        );
      }
      const drop = new Event('drop', { bubbles: true, cancelable: true });
      Object.defineProperty(drop, 'dataTransfer', {
        value: { items: [{ kind: 'file', webkitGetAsEntry: () => root }], files: [] },
      });
      element.dispatchEvent(drop);
    },
    { folder, files },
  );
}

function uploadEntry(dialog: Locator, name: string) {
  return dialog.getByTestId('upload-entry').filter({ hasText: name });
}

test.describe('uploads and the File Editor', () => {
  test.setTimeout(240_000);

  test('drops files, converts them, edits one with unsaved-changes guards, deletes one', async ({
    page,
  }) => {
    const paper = await createPaper(page, 'Sleep study with files');
    await openPaper(page, paper.title);
    await toolbarButton(page, 'Edit Files').click();

    const fileEditor = page.getByRole('dialog', { name: 'File Editor' });
    await expect(fileEditor.getByText('Select a file to view/edit.')).toBeVisible();
    await expect(
      fileEditor.getByText('Note that all files are sent with each prompt.'),
    ).toBeVisible();

    await fileEditor.getByRole('button', { name: 'Upload File' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Files' });
    // A scientific paper's goals (spec 000 §9), one drop zone each.
    for (const goal of [
      'Theoretical background',
      'Qualitative results',
      'Quantitative results',
      'Literature review',
    ]) {
      await expect(upload.getByRole('button', { name: `Add files for ${goal}` })).toBeVisible();
    }

    await dropFiles(
      page,
      upload.getByRole('button', { name: 'Add files for Theoretical background' }),
      [
        { name: 'notes.txt', text: NOTES },
        { name: 'setup.exe', text: 'MZ' },
      ],
    );
    await expect(upload.getByText('Not added (type not accepted): setup.exe')).toBeVisible();
    await dropFiles(
      page,
      upload.getByRole('button', { name: 'Add files for Quantitative results' }),
      [{ name: 'scores.csv', text: 'Group,Score\nControl,3.5\nTreatment,4.25\n' }],
    );
    // A click on a zone opens the file chooser.
    const chooser = page.waitForEvent('filechooser');
    await upload.getByRole('button', { name: 'Add files for Literature review' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'review.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from(await pandocWrite('docx', FIXTURE_PANDOC_MARKDOWN)),
    });

    await expect(upload.getByText('Files to upload:')).toBeVisible();
    await expect(uploadEntry(upload, 'notes.txt')).toContainText('0%');
    await upload.getByRole('button', { name: 'Upload Files' }).click();
    await expect(upload.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    for (const name of ['notes.txt', 'scores.csv', 'review.docx']) {
      await expect(uploadEntry(upload, name)).toContainText('(Conversion complete)', {
        timeout: 120_000,
      });
    }
    await expect(upload.getByRole('button', { name: 'Upload Files' })).toBeDisabled();
    await upload.getByRole('button', { name: 'Close' }).click();

    const files = fileEditor.getByRole('list', { name: 'Files' });
    await expect(files.getByRole('button', { name: /^notes\.txt/ })).toContainText(
      'Theoretical background',
    );
    await expect(files.getByRole('button', { name: /^scores\.csv/ })).toContainText(
      'Quantitative results',
    );

    // The converted docx keeps its structure in the rich-text editor.
    await files.getByRole('button', { name: /^review\.docx/ }).click();
    const content = fileEditor.locator('.scriptor-editor');
    await expect(content.getByRole('heading', { name: /Results/ })).toBeVisible();
    // No AI section menu on its headings: a rewrite acts on the paper, not on a file.
    await expect(content.getByRole('button', { name: /^Section menu/ })).toHaveCount(0);
    await expect(content.locator('table')).toContainText('Treatment');
    await expect(content.locator('.equation').first()).toBeVisible();

    // Converted text is shown, never run.
    await files.getByRole('button', { name: /^notes\.txt/ }).click();
    await expect(content.getByRole('heading', { name: /Field notes/ })).toBeVisible();
    await expect(content).toContainText('<script>window.__injected = true</script>');
    expect(
      await page.evaluate(() => (window as { __injected?: boolean }).__injected),
    ).toBeUndefined();

    // Unsaved changes: Save* and the switch confirmation.
    await content.getByText('Recall improved').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' after a nap');
    await expect(fileEditor.getByRole('button', { name: 'Save*' })).toBeVisible();
    await files.getByRole('button', { name: /^scores\.csv/ }).click();
    const confirmSwitch = page.getByRole('alertdialog');
    await expect(confirmSwitch).toContainText(
      'You have unsaved changes. Are you sure you want to switch files?',
    );
    await confirmSwitch.getByRole('button', { name: 'Cancel' }).click();
    await expect(content).toContainText('Recall improved after a nap');

    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().includes('/api/files'),
    );
    await fileEditor.getByRole('button', { name: 'Save*' }).click();
    expect((await saved).ok()).toBe(true);
    await expect(fileEditor.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
    const stored = await page.request.get(`/api/files?paperId=${paper.id}`);
    const notes = (
      (await stored.json()) as { files: { filename: string; contents: string }[] }
    ).files.find((file) => file.filename === 'notes.txt');
    expect(notes?.contents).toContain('- Recall improved after a nap');

    // Closing with unsaved changes asks first.
    await content.getByText('Field notes').click();
    await page.keyboard.type('!');
    await fileEditor.getByRole('button', { name: 'Close', exact: true }).click();
    const confirmClose = page.getByRole('alertdialog');
    await expect(confirmClose).toContainText(
      'You have unsaved changes. Are you sure you want to close?',
    );
    await confirmClose.getByRole('button', { name: 'Cancel' }).click();
    await expect(fileEditor).toBeVisible();
    // Escape is Close: it asks too, and Escape on the question keeps the editor and the typing.
    await content.getByText('Field notes!').click();
    await page.keyboard.press('Escape');
    await expect(confirmClose).toContainText(
      'You have unsaved changes. Are you sure you want to close?',
    );
    await page.keyboard.press('Escape');
    await expect(confirmClose).toHaveCount(0);
    await expect(fileEditor).toBeVisible();
    await expect(content).toContainText('Field notes!');

    // Deleting asks, then removes the file everywhere.
    await files.getByRole('button', { name: 'Delete scores.csv' }).click();
    const confirmDelete = page.getByRole('alertdialog');
    await expect(confirmDelete).toContainText(
      'Are you sure you want to delete this file? This action cannot be undone.',
    );
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    await expect(files.getByRole('button', { name: /^scores\.csv/ })).toHaveCount(0);
    const after = (await (await page.request.get(`/api/files?paperId=${paper.id}`)).json()) as {
      files: { filename: string }[];
    };
    expect(after.files.map((file) => file.filename).sort()).toEqual(['notes.txt', 'review.docx']);
    // The open file keeps its unsaved edit through another file's deletion.
    await expect(content).toContainText('Field notes!');
  });

  test('the File Editor keeps the keyboard: Tab goes round inside, Escape closes it and the caret returns', async ({
    page,
  }) => {
    const paper = await createPaper(page, 'Keyboard and files');
    await openPaper(page, paper.title);
    // Typing, then Edit Files from the toolbar (which leaves the focus in the text).
    await cursorAtEnd(page);
    await page.keyboard.type('Before the files.');
    await toolbarButton(page, 'Edit Files').click();
    const fileEditor = page.getByRole('dialog', { name: 'File Editor' });
    await expect(fileEditor.getByText('Select a file to view/edit.')).toBeVisible();
    const stops = await expectFocusTrapped(page, fileEditor);
    expect(stops.some((stop) => stop.includes('Upload File'))).toBe(true);
    expect(stops.some((stop) => stop.includes('Close'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(fileEditor).toHaveCount(0);
    // Back in the text where the caret was: the next keys go on from there.
    await expect(editor(page)).toBeFocused();
    await page.keyboard.type(' After.');
    await expect(editor(page)).toContainText('Before the files. After.');
  });

  test('a dropped folder queues every accepted file in it, subfolders included', async ({
    page,
  }) => {
    const paper = await createPaper(page, 'Folder of notes');
    await openPaper(page, paper.title);
    await toolbarButton(page, 'Edit Files').click();
    const fileEditor = page.getByRole('dialog', { name: 'File Editor' });
    await fileEditor.getByRole('button', { name: 'Upload File' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Files' });

    await dropFolder(
      upload.getByRole('button', { name: 'Add files for Qualitative results' }),
      'interviews',
      [
        { path: 'first.txt', text: '# First interview\n\nShe slept well.' },
        { path: 'second.txt', text: '# Second interview\n\nHe napped.' },
        { path: 'coded/codes.csv', text: 'Code,Count\nSleep,4\nNap,2\n' },
        { path: 'coded/tool.exe', text: 'MZ' },
      ],
    );
    await expect(upload.getByText('Not added (type not accepted): tool.exe')).toBeVisible();
    for (const name of ['first.txt', 'second.txt', 'codes.csv']) {
      await expect(uploadEntry(upload, name)).toContainText('0%');
    }
    await upload.getByRole('button', { name: 'Upload Files' }).click();
    for (const name of ['first.txt', 'second.txt', 'codes.csv']) {
      await expect(uploadEntry(upload, name)).toContainText('(Conversion complete)', {
        timeout: 120_000,
      });
    }
    const stored = (await (await page.request.get(`/api/files?paperId=${paper.id}`)).json()) as {
      files: { filename: string; goal: string; contents: string }[];
    };
    expect(stored.files.map(({ filename, goal }) => `${filename} ${goal}`).sort()).toEqual([
      'codes.csv qualitative_results',
      'first.txt qualitative_results',
      'second.txt qualitative_results',
    ]);
    expect(stored.files.find((file) => file.filename === 'codes.csv')?.contents).toContain(
      '| Sleep',
    );
  });

  test('a file that cannot be converted ends with a clear message and the alert', async ({
    page,
  }) => {
    const paper = await createPaper(page, 'Locked files');
    await openPaper(page, paper.title);
    await toolbarButton(page, 'Edit Files').click();
    const fileEditor = page.getByRole('dialog', { name: 'File Editor' });
    await fileEditor.getByRole('button', { name: 'Upload File' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Files' });
    const chooser = page.waitForEvent('filechooser');
    await upload.getByRole('button', { name: 'Add files for Theoretical background' }).click();
    await (
      await chooser
    ).setFiles([
      {
        name: 'locked.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(hostileFiles.encryptedPdf.bytes),
      },
      { name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) },
    ]);
    await upload.getByRole('button', { name: 'Upload Files' }).click();
    const alert = page.getByRole('alertdialog');
    await expect(alert).toContainText('Failed to upload files. Please try again.', {
      timeout: 120_000,
    });
    await alert.getByRole('button', { name: 'OK' }).click();
    await expect(uploadEntry(upload, 'locked.pdf')).toContainText(
      'This PDF is password-protected. Remove the password and upload it again.',
    );
    await expect(uploadEntry(upload, 'empty.txt')).toContainText('This file is empty.');
    await upload.getByRole('button', { name: 'Close' }).click();
    await expect(fileEditor.getByText('No files uploaded yet.')).toBeVisible();
  });
});
