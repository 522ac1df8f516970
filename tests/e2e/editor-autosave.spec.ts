import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './page-test';
import { ServerProcess, freePort } from '../../src/server/testing/server-process';
import { screenshot, signUp } from './helpers';
import {
  createPaper,
  cursorAtEnd,
  editor,
  openPaper,
  saveWithToolbar,
  storedPaper,
  updatePaper,
} from './editor-helpers';

/** Spec 001 §9. The fake clock jumps past it instead of waiting. */
const AUTOSAVE_MS = 30_000;

// This file runs its own server so it can kill it mid-session without touching the shared one.
let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  // The hook has the default timeout otherwise, shorter than a busy machine's start-up.
  test.setTimeout(180_000);
  dataDir = await mkdtemp(path.join(tmpdir(), 'scriptor-autosave-'));
  server = new ServerProcess(await freePort(), {
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
  });
  await server.start(120_000);
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function countAutosaves(page: Page): { posts: number } {
  const counter = { posts: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/autosave')) counter.posts += 1;
  });
  return counter;
}

test('autosaved edits survive a server crash and come back through Compare Versions', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  // Leaving with unsaved changes asks first; the test means to leave.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.clock.install();
  await signUp(page);
  const paper = await createPaper(page, 'Crash paper', 'Saved sentence.');
  await openPaper(page, 'Crash paper');
  const autosaves = countAutosaves(page);

  // Nothing changed: the interval passes without an autosave.
  await page.clock.runFor(AUTOSAVE_MS + 1_000);
  expect(autosaves.posts).toBe(0);

  await cursorAtEnd(page);
  await page.keyboard.type(' Unsaved sentence.');
  const autosaved = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/api/autosave'),
  );
  await page.clock.runFor(AUTOSAVE_MS + 1_000);
  expect((await autosaved).ok()).toBe(true);
  expect((await storedPaper(page, paper.id)).autosave_content).toBe(
    'Saved sentence. Unsaved sentence.',
  );

  await server.stop('SIGKILL');
  await server.start(120_000);

  await openPaper(page, 'Crash paper');
  const dialog = page.getByRole('dialog', { name: 'Compare Versions' });
  await expect(dialog).toContainText('autosaved changes that were never saved');
  const saved = dialog.getByRole('region', { name: 'Last saved' });
  const autosave = dialog.getByRole('region', { name: 'Autosaved' });
  await expect(saved).toContainText('Saved sentence.');
  await expect(saved).not.toContainText('Unsaved sentence.');
  await expect(autosave).toContainText('Saved sentence. Unsaved sentence.');
  await dialog.getByLabel('Show differences').check();
  await expect(autosave.locator('mark.diff-added')).toContainText(['Unsaved sentence']);
  await screenshot(page, 'editor-autosave-compare');

  const cleared = page.waitForRequest(
    (request) => request.method() === 'DELETE' && request.url().endsWith('/api/autosave'),
  );
  await dialog.getByRole('button', { name: 'Use Autosaved' }).click();
  await cleared;
  await expect(dialog).toBeHidden();
  await expect(editor(page)).toHaveText('Saved sentence. Unsaved sentence.');
  const stored = await storedPaper(page, paper.id);
  expect(stored.content).toBe('Saved sentence. Unsaved sentence.');
  expect(stored.autosave_content).toBeNull();
  await context.close();
});

test('autosave pauses while the compare dialog is open, and Keep Last Saved discards', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.clock.install();
  await signUp(page);
  const paper = await createPaper(page, 'Paused paper', 'Stored text.');
  await openPaper(page, 'Paused paper');
  const autosaves = countAutosaves(page);

  await cursorAtEnd(page);
  await page.keyboard.type(' Local edit.');
  await updatePaper(page, paper.id, { content: 'Stored text. Edited elsewhere.' });
  const conflict = await saveWithToolbar(page);
  expect(conflict.status()).toBe(409);
  const dialog = page.getByRole('dialog', { name: 'Compare Versions' });
  await expect(dialog).toBeVisible();

  // The local edit was never autosaved, yet no autosave goes out while the dialog is open.
  await page.clock.runFor(AUTOSAVE_MS * 3);
  expect(autosaves.posts).toBe(0);

  await dialog.getByRole('button', { name: 'Keep Last Saved' }).click();
  await expect(dialog).toBeHidden();
  await expect(editor(page)).toHaveText('Stored text. Edited elsewhere.');
  await page.clock.runFor(AUTOSAVE_MS + 1_000);
  expect(autosaves.posts).toBe(0);

  // Once closed, autosave works again.
  await cursorAtEnd(page);
  await page.keyboard.type(' Later.');
  const autosaved = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/api/autosave'),
  );
  await page.clock.runFor(AUTOSAVE_MS + 1_000);
  expect((await autosaved).ok()).toBe(true);
  await context.close();
});

test('an autosave equal to the saved paper is dropped without asking', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signUp(page);
  const paper = await createPaper(page, 'Equal paper', 'Same text.');
  const written = await page.request.post('/api/autosave', {
    data: { paperId: paper.id, title: 'Equal paper', content: 'Same text.' },
  });
  expect(written.ok()).toBe(true);
  const cleared = page.waitForRequest(
    (request) => request.method() === 'DELETE' && request.url().endsWith('/api/autosave'),
  );
  await openPaper(page, 'Equal paper');
  await cleared;
  await expect(page.getByRole('dialog', { name: 'Compare Versions' })).toHaveCount(0);
  expect((await storedPaper(page, paper.id)).autosave_content).toBeNull();
  await context.close();
});
