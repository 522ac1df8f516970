import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './page-test';
import config from '../../playwright.config';
import { ServerProcess, freePort } from '../../src/server/testing/server-process';
import { signUp } from './helpers';
import { createPaper, cursorAtEnd, editor, openPaper, storedPaper } from './editor-helpers';

/**
 * Spec 001 §9's autosave is the live document now (docs/live-document.md): every keystroke is
 * stored on the server as it is typed, the editor posts no /api/autosave and keeps no draft in
 * localStorage, and nothing typed is lost when the server dies.
 */

const { PORT: _port, ...SHARED_ENV } = (config.webServer as { env: Record<string, string> }).env;

// This file runs its own server so it can kill it mid-session without touching the shared one.
let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  // The hook has the default timeout otherwise, shorter than a busy machine's start-up.
  test.setTimeout(180_000);
  dataDir = await mkdtemp(path.join(tmpdir(), 'scriptor-live-crash-'));
  // The shared server's environment (small corpus, literature sources that answer at once, the
  // test users' proxy), on its own port and data.
  server = new ServerProcess(await freePort(), {
    ...SHARED_ENV,
    DATA_DIR: dataDir,
  });
  await startServer();
});

/**
 * Starts the server and waits until its API answers: it listens (and passes the health check)
 * before its services have started, and answers 503 until then.
 */
async function startServer(): Promise<void> {
  await server.start(120_000);
  await expect
    .poll(async () => (await fetch(`${server.url}/api/papers`)).status, { timeout: 120_000 })
    .not.toBe(503);
}

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

async function signedIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  // Leaving with unsaved changes asks first; the tests mean to leave.
  page.on('dialog', (dialog) => void dialog.accept());
  await signUp(page);
  return page;
}

test('typing while the server is killed and restarted is all in the paper, with no reload', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await signedIn(context);
  const paper = await createPaper(page, 'Crash paper', 'Saved sentence.');
  await openPaper(page, 'Crash paper');
  const autosaves = countAutosaves(page);
  // Marks this page: a reload would start a new document without it.
  await page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));

  await cursorAtEnd(page);
  await page.keyboard.type(' Before the crash.');
  // The kill lands in the middle of these keystrokes: some reached the server, some did not.
  const typing = page.keyboard.type(' Typed while the server dies and comes back.');
  await server.stop('SIGKILL');
  await typing;
  await page.keyboard.type(' While it is down.');
  await startServer();
  await page.keyboard.type(' After the restart.');

  const expected =
    'Saved sentence. Before the crash. Typed while the server dies and comes back.' +
    ' While it is down. After the restart.';
  await expect(editor(page)).toHaveText(expected);
  // The provider reconnects by itself (up to 5 s apart) and sends what the server lacks.
  await expect
    .poll(async () => (await storedPaper(page, paper.id)).content, { timeout: 60_000 })
    .toBe(expected);
  expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
  expect(autosaves.posts).toBe(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A browser without this one's IndexedDB copy reads it from the server.
  const fresh = await browser.newContext({
    baseURL: server.url,
    storageState: await context.storageState({ indexedDB: false }),
  });
  const other = await fresh.newPage();
  await openPaper(other, 'Crash paper');
  await expect(editor(other)).toHaveText(expected);
  await fresh.close();
  await context.close();
});

test('the editor posts no autosave and keeps no draft in localStorage', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await signedIn(context);
  const paper = await createPaper(page, 'No draft paper', 'Stored text.');
  await openPaper(page, 'No draft paper');
  const autosaves = countAutosaves(page);
  await cursorAtEnd(page);
  await page.keyboard.type(' Typed, not saved.');
  await expect
    .poll(async () => (await storedPaper(page, paper.id)).content)
    .toBe('Stored text. Typed, not saved.');
  // Switching away, where the autosave used to be flushed, sends none either.
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Scriptor' })).toBeVisible();
  expect(autosaves.posts).toBe(0);
  const drafts = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('scriptor.draft.')),
  );
  expect(drafts).toEqual([]);
  await context.close();
});

test('an API client’s autosave lands in the live document and reopening asks nothing', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await signedIn(context);
  const paper = await createPaper(page, 'Script paper', 'Same text.');
  const written = await page.request.post('/api/autosave', {
    data: { paperId: paper.id, title: 'Script paper', content: 'Same text. From a script.' },
  });
  expect(written.ok()).toBe(true);
  await openPaper(page, 'Script paper');
  await expect(editor(page)).toHaveText('Same text. From a script.');
  await expect(page.getByRole('dialog', { name: 'Compare Versions' })).toHaveCount(0);
  await context.close();
});
