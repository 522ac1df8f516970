/**
 * The landing page's first load for a signed-out visitor: the JavaScript it downloads
 * (bytes on the wire, gzipped as a server or CDN would send it) and the time to first paint and
 * first contentful paint in headless Chromium, median of several cold loads, beside the same
 * figures for a minimal static page (a heading and a paragraph, no script) served by the same
 * server in the same run. Figures only.
 *
 *   npm run build && npx tsx bench/landing-first-load.ts [--runs 7]
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ServerProcess, freePort } from '../src/server/testing/server-process';

const CLIENT_DIR = 'dist/client';
/** The reference page, written into the build before the server starts (it serves the files present then). */
const REFERENCE_FILE = 'bench-first-paint-reference.html';
const REFERENCE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><title>Reference</title></head>
<body><h1>Write research that stands on real literature.</h1><p>A static page.</p></body></html>
`;

function runsFlag(): number {
  const index = process.argv.indexOf('--runs');
  const value = index === -1 ? Number.NaN : Number(process.argv[index + 1]);
  return Number.isInteger(value) && value > 0 ? value : 7;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

interface Load {
  paint: number;
  contentful: number;
  scripts: string[];
}

/** One cold load of `url` in a fresh context: its paint timings and the scripts it fetched. */
async function coldLoad(browser: Browser, url: string, ready: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(new URL(response.url()).pathname);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page);
  const timing = await page.evaluate(() =>
    Object.fromEntries(
      performance.getEntriesByType('paint').map((entry) => [entry.name, entry.startTime]),
    ),
  );
  await context.close();
  return {
    paint: timing['first-paint'] ?? Number.NaN,
    contentful: timing['first-contentful-paint'] ?? Number.NaN,
    scripts,
  } satisfies Load;
}

async function main() {
  const referencePath = path.join(CLIENT_DIR, REFERENCE_FILE);
  writeFileSync(referencePath, REFERENCE_PAGE);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'scriptor-bench-landing-'));
  const server = new ServerProcess(await freePort(), {
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    CORPUS_AUTOLOAD: 'off',
  });
  await server.start(300_000);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const landing: Load[] = [];
    const reference: Load[] = [];
    for (let run = 0; run < runsFlag(); run += 1) {
      // Alternated, so a busy moment of the machine hits both alike.
      landing.push(
        await coldLoad(browser, server.url, (page) =>
          page.getByRole('button', { name: 'Start Exploring Insights' }).waitFor(),
        ),
      );
      reference.push(
        await coldLoad(browser, `${server.url}/${REFERENCE_FILE}`, (page) =>
          page.getByRole('heading').waitFor(),
        ),
      );
    }
    const scripts = new Set(landing.at(-1)?.scripts ?? []);
    let raw = 0;
    let gzipped = 0;
    for (const script of scripts) {
      const source = readFileSync(path.join(CLIENT_DIR, script));
      raw += source.length;
      gzipped += gzipSync(source, { level: 9 }).length;
    }
    console.log(
      `landing page scripts: ${scripts.size} files, ${kb(raw)} raw, ${kb(gzipped)} gzipped`,
    );
    const row = (name: string, loads: Load[]) =>
      `| ${name} | ${median(loads.map((load) => load.paint)).toFixed(0)} | ${median(loads.map((load) => load.contentful)).toFixed(0)} |`;
    console.log(`\nmedian of ${landing.length} cold loads, ms`);
    console.log('| page | first paint | first contentful paint |');
    console.log('| --- | --- | --- |');
    console.log(row('landing page', landing));
    console.log(row('static reference page, same server', reference));
    const ratio = (pick: (load: Load) => number) =>
      (median(landing.map(pick)) / median(reference.map(pick))).toFixed(1);
    console.log(
      `ratio: first paint ${ratio((load) => load.paint)}×, first contentful paint ${ratio((load) => load.contentful)}×`,
    );
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    rmSync(referencePath, { force: true });
  }
}

await main();
