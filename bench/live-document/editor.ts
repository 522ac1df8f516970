/**
 * The live document in the browser (issue 32), side by side in one run, figures only:
 *
 * - keystroke to next frame on a 60,000-word paper: Scriptor's editor (live document, Hocuspocus)
 *   against plain Tiptap with Yjs on the same text (p50, p95);
 * - opening that paper: Scriptor (click in the list → last paragraph in the editor) against
 *   plain Tiptap with Yjs and plain Tiptap without it (content → next frame);
 * - one keystroke to the other client's screen through the server: two pages on the paper,
 *   keydown in one → the character in the other's DOM (p50, p95).
 *
 *   npm run build && npx tsx bench/live-document/editor.ts [--keys 200] [--port 4342]
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { ServerProcess, freePort } from '../../src/server/testing/server-process';
import { percentile, syntheticBlocks } from './paper-blocks';
import { flag } from '../cli-flags';

const WORDS = 60_000;
const KEY_DELAY_MS = 40;
const TYPED = ' the quick brown fox jumps over the lazy dog';

async function signUp(page: Page): Promise<void> {
  await page.goto('/auth/signin');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill('Bench Mark');
  await page.getByLabel('Email').fill(`bench-${Date.now()}@example.org`);
  await page.getByLabel('Password').fill('benchmark123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Welcome to Scriptor' }).waitFor();
  // The guided tours' overlay would lie over the editor.
  await page.request.post('/api/tours/seen', { data: { tours: ['landing', 'editor'] } });
}

/** Installs the keydown → next animation frame probe; `samples()` reads it. */
async function probeKeystrokes(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const samples: number[] = [];
    (window as unknown as { __samples: number[] }).__samples = samples;
    document.addEventListener(
      'keydown',
      () => {
        const start = performance.now();
        requestAnimationFrame(() => samples.push(performance.now() - start));
      },
      { capture: true },
    );
  });
  return () => page.evaluate(() => (window as unknown as { __samples: number[] }).__samples);
}

async function typeKeys(page: Page, keys: number): Promise<void> {
  for (let i = 0; i < keys; i++) {
    await page.keyboard.type(TYPED[i % TYPED.length] ?? 'x');
    await page.waitForTimeout(KEY_DELAY_MS);
  }
  await page.waitForTimeout(200);
}

function summary(samples: readonly number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms (n=${sorted.length})`;
}

async function plainTiptap(page: Page, html: string, keys: number) {
  const bundle = await build({
    entryPoints: [path.join(import.meta.dirname, 'plain-tiptap-page.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
  });
  await page.setContent('<div id="editor"></div>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  const openWithoutYjs = await page.evaluate((text) => window.openPlain(text, false), html);
  const openWithYjs = await page.evaluate((text) => window.openPlain(text, true), html);
  const middle = page.locator('#editor .ProseMirror > p').nth(300);
  await middle.scrollIntoViewIfNeeded();
  await middle.click();
  await page.keyboard.press('End');
  const samples = await probeKeystrokes(page);
  await typeKeys(page, keys);
  return { openWithoutYjs, openWithYjs, typing: await samples() };
}

/** Keydown in `writer` → the paragraph's new length in `reader`'s DOM, per keystroke. */
async function remoteLatency(writer: Page, reader: Page, keys: number): Promise<number[]> {
  const paragraph = (page: Page) => page.locator('.scriptor-editor > p').nth(300);
  const before = ((await paragraph(reader).textContent()) ?? '').length;
  await reader.evaluate(() => {
    const seen: [number, number][] = [];
    (window as unknown as { __seen: [number, number][] }).__seen = seen;
    const root = document.querySelector('.scriptor-editor')!;
    // No named helpers in page functions: tsx's keepNames would call an undefined __name.
    new MutationObserver(() =>
      seen.push([
        performance.timeOrigin + performance.now(),
        root.querySelectorAll(':scope > p')[300]?.textContent?.length ?? 0,
      ]),
    ).observe(root, { subtree: true, characterData: true, childList: true });
  });
  await writer.evaluate(() => {
    const sent: number[] = [];
    (window as unknown as { __sent: number[] }).__sent = sent;
    document.addEventListener(
      'keydown',
      () => sent.push(performance.timeOrigin + performance.now()),
      {
        capture: true,
      },
    );
  });
  await paragraph(writer).click();
  await writer.keyboard.press('End');
  await typeKeys(writer, keys);
  await reader.waitForTimeout(1000);
  const sent = await writer.evaluate(() => (window as unknown as { __sent: number[] }).__sent);
  const seen = await reader.evaluate(
    () => (window as unknown as { __seen: [number, number][] }).__seen,
  );
  return sent.flatMap((at, i) => {
    const shown = seen.find(([, length]) => length >= before + i + 1);
    return shown ? [shown[0] - at] : [];
  });
}

async function main(): Promise<void> {
  if (!existsSync('dist/client/index.html')) throw new Error('Build the app first: npm run build');
  const keys = flag('keys', 200);
  const { markdown, html, paragraphs } = syntheticBlocks(WORDS);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'scriptor-live-bench-'));
  const server = new ServerProcess(flag('port', 0) || (await freePort()), {
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    CORPUS_AUTOLOAD: 'off',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'],
  });
  try {
    const plainPage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const plain = await plainTiptap(plainPage, html, keys);
    await plainPage.close();

    await server.start(180_000);
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1440, height: 900 },
    });
    // The machine is shared: under load a page of 60,000 words takes long to load.
    context.setDefaultTimeout(180_000);
    const page = await context.newPage();
    await signUp(page);
    const created = await page.request.post('/api/papers', {
      data: { title: 'Benchmark paper', type: 'scientific', content: markdown },
    });
    if (!created.ok()) throw new Error(`creating the paper failed: ${await created.text()}`);
    await page.reload();
    const opening = performance.now();
    await page.locator('.paper-list').getByText('Benchmark paper').click();
    await page
      .locator('.scriptor-editor > p')
      .nth(paragraphs - 1)
      .waitFor({ state: 'attached', timeout: 180_000 });
    const openScriptor = performance.now() - opening;
    const middle = page.locator('.scriptor-editor > p').nth(300);
    await middle.scrollIntoViewIfNeeded();
    await middle.click();
    await page.keyboard.press('End');
    const samples = await probeKeystrokes(page);
    await typeKeys(page, keys);
    const scriptorTyping = await samples();

    const p50 = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        50,
      );
    const p95 = (values: number[]) =>
      percentile(
        [...values].sort((a, b) => a - b),
        95,
      );
    console.log(`paper: ${WORDS.toLocaleString('en')} words, ${paragraphs} paragraphs`);
    console.log('keystroke → next frame (middle of the paper)');
    console.log(`  Scriptor (live document)   ${summary(scriptorTyping)}`);
    console.log(`  plain Tiptap + Yjs         ${summary(plain.typing)}`);
    console.log(
      `  ratio                      p50 ${(p50(scriptorTyping) / p50(plain.typing)).toFixed(2)}×, ` +
        `p95 ${(p95(scriptorTyping) / p95(plain.typing)).toFixed(2)}×`,
    );
    console.log('opening the paper');
    console.log(`  Scriptor (click → last paragraph)  ${openScriptor.toFixed(0)} ms`);
    console.log(`  plain Tiptap + Yjs (→ next frame)  ${plain.openWithYjs.toFixed(0)} ms`);
    console.log(`  plain Tiptap, no Yjs               ${plain.openWithoutYjs.toFixed(0)} ms`);
    console.log(
      `  ratio to plain Tiptap without Yjs  ${(openScriptor / plain.openWithoutYjs).toFixed(2)}×`,
    );
    const other = await context.newPage();
    await other.goto('/');
    await other.locator('.paper-list').getByText('Benchmark paper').click();
    await other
      .locator('.scriptor-editor > p')
      .nth(paragraphs - 1)
      .waitFor({ state: 'attached', timeout: 180_000 });
    const remote = await remoteLatency(page, other, Math.min(keys, 100));

    console.log(`keystroke → other client's screen through the server  ${summary(remote)}`);
    console.log(
      `machine load average (1, 5, 15 min): ${loadavg()
        .map((value) => value.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
