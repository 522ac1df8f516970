/**
 * Typing latency of the paper editor on a book-length paper: 60,000 words, 500 citations of
 * stored works and 50 equations, opened in headless Chromium. Each keystroke is timed from
 * its keydown to the next animation frame (the earliest the browser can paint the change).
 * Figures only, no assertions.
 *
 *   npm run build && npx tsx bench/typing-latency.ts [--keys 300]
 *
 * It starts its own server (temporary DATA_DIR, free port), signs a user up through the UI,
 * creates the paper through the API and types into the middle of the document.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { ServerProcess, freePort } from '../src/server/testing/server-process';

const WORDS = 60_000;
const CITATIONS = 500;
const EQUATIONS = 50;
const WORDS_PER_PARAGRAPH = 100;
const PARAGRAPHS_PER_SECTION = 20;
const KEY_DELAY_MS = 40;

const VOCABULARY = (
  'the model sleep memory consolidation network graph signal neural cortex analysis results ' +
  'suggest significant effect sample participants method data learning between across during ' +
  'however therefore increased reduced baseline condition measure response activity structure'
).split(' ');

function keysFlag(): number {
  const index = process.argv.indexOf('--keys');
  const value = index === -1 ? Number.NaN : Number(process.argv[index + 1]);
  return Number.isInteger(value) && value > 0 ? value : 300;
}

/** A deterministic word stream, so every run types into the same paper. */
function* words(): Generator<string> {
  let state = 12_345;
  for (;;) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    yield VOCABULARY[state % VOCABULARY.length] ?? 'word';
  }
}

function bibtex(count: number): string {
  return Array.from(
    { length: count },
    (_, i) =>
      `@article{work${i}, author = {Author${i}, Alice and Second, Bob}, ` +
      `title = {Synthetic study number ${i} on memory}, journal = {Journal of Benchmarks}, ` +
      `year = {${1990 + (i % 35)}}}`,
  ).join('\n');
}

/** Markdown of `WORDS` words in sections, citing each refId once and holding `EQUATIONS` equations. */
function syntheticPaper(refIds: readonly string[]): string {
  const stream = words();
  const paragraphs = WORDS / WORDS_PER_PARAGRAPH;
  const blocks: string[] = ['# Benchmark paper'];
  for (let p = 0; p < paragraphs; p++) {
    if (p % PARAGRAPHS_PER_SECTION === 0)
      blocks.push(`## Section ${p / PARAGRAPHS_PER_SECTION + 1}`);
    const text = Array.from({ length: WORDS_PER_PARAGRAPH }, () => stream.next().value).join(' ');
    const citeFrom = Math.floor((p * refIds.length) / paragraphs);
    const citeTo = Math.floor(((p + 1) * refIds.length) / paragraphs);
    const cites = refIds
      .slice(citeFrom, citeTo)
      .map((id) => ` [${id}]`)
      .join('');
    const equationSlot = Math.floor(paragraphs / EQUATIONS);
    const inline = p % equationSlot === 0 && (p / equationSlot) % 2 === 0;
    const block = p % equationSlot === 0 && !inline;
    blocks.push(`${text}${inline ? ' with $$x_{' + p + '} = \\sqrt{y}$$' : ''}${cites}.`);
    if (block) blocks.push(`$$\n\\int_0^{${p}} f(t)\\,dt = \\frac{${p}}{2}\n$$`);
  }
  return `${blocks.join('\n\n')}\n`;
}

async function signUp(page: Page): Promise<void> {
  await page.goto('/auth/signin');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill('Bench Mark');
  await page.getByLabel('Email').fill(`bench-${Date.now()}@example.org`);
  await page.getByLabel('Password').fill('benchmark123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Welcome to Scriptor' }).waitFor();
}

async function createPaper(page: Page): Promise<void> {
  const created = await page.request.post('/api/papers', {
    data: { title: 'Benchmark paper', type: 'scientific' },
  });
  const { id } = (await created.json()) as { id: string };
  const imported = await page.request.post(`/api/papers/${id}/references/import`, {
    data: { format: 'bibtex', text: bibtex(CITATIONS) },
  });
  const { imported: works } = (await imported.json()) as { imported: { refId: string }[] };
  if (works.length !== CITATIONS) throw new Error(`imported ${works.length} works`);
  const { updated_at } = (await (await page.request.get(`/api/papers/${id}`)).json()) as {
    updated_at: string;
  };
  const saved = await page.request.put(`/api/papers/${id}`, {
    data: { content: syntheticPaper(works.map((work) => work.refId)), updated_at },
  });
  if (!saved.ok()) throw new Error(`saving the paper failed: ${await saved.text()}`);
}

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function main(): Promise<void> {
  if (!existsSync('dist/client/index.html')) throw new Error('Build the app first: npm run build');
  const keys = keysFlag();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'scriptor-typing-'));
  const server = new ServerProcess(await freePort(), {
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    await server.start(120_000);
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    await signUp(page);
    await createPaper(page);

    await page.reload();
    const opening = performance.now();
    await page.locator('.paper-list').getByText('Benchmark paper').click();
    const citations = page.locator('.scriptor-editor .citation-label');
    await citations.nth(CITATIONS - 1).waitFor({ state: 'attached', timeout: 120_000 });
    const openMs = performance.now() - opening;
    const rendered = await page.evaluate(() => ({
      citations: document.querySelectorAll('.scriptor-editor .citation-label').length,
      equations: document.querySelectorAll('.scriptor-editor .equation').length,
      words: (document.querySelector('.scriptor-editor')?.textContent ?? '').split(/\s+/).length,
    }));

    // Type into a paragraph in the middle of the paper.
    const middle = page.locator('.scriptor-editor > p').nth(300);
    await middle.scrollIntoViewIfNeeded();
    await middle.click();
    await page.keyboard.press('End');
    await page.evaluate(() => {
      const samples: number[] = [];
      (window as unknown as { __typingSamples: number[] }).__typingSamples = samples;
      document.addEventListener(
        'keydown',
        () => {
          const start = performance.now();
          requestAnimationFrame(() => samples.push(performance.now() - start));
        },
        { capture: true },
      );
    });
    const text = ' the quick brown fox jumps over the lazy dog';
    for (let i = 0; i < keys; i++) {
      await page.keyboard.type(text[i % text.length] ?? 'x');
      await page.waitForTimeout(KEY_DELAY_MS);
    }
    await page.waitForTimeout(200);
    const samples = await page.evaluate(
      () => (window as unknown as { __typingSamples: number[] }).__typingSamples,
    );
    const sorted = [...samples].sort((a, b) => a - b);
    const mean = sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length);

    console.log(
      `paper: ${rendered.words.toLocaleString('en')} words rendered, ` +
        `${rendered.citations} citation labels, ${rendered.equations} equations`,
    );
    console.log(`open (click → last citation rendered): ${openMs.toFixed(0)} ms`);
    console.log(`keystrokes: ${sorted.length} (keydown → next animation frame)`);
    console.log(
      `p50 ${percentile(sorted, 50).toFixed(1)} ms   p95 ${percentile(sorted, 95).toFixed(1)} ms   ` +
        `mean ${mean.toFixed(1)} ms   max ${(sorted[sorted.length - 1] ?? Number.NaN).toFixed(1)} ms`,
    );
    console.log(`machine load average (1 min): ${loadavg()[0]?.toFixed(2)}`);
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
