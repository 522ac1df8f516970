/**
 * The landing page's first load for a signed-out visitor: the JavaScript it downloads
 * (bytes on the wire, gzipped as a server or CDN would send it) and the time to first paint and
 * first contentful paint in headless Chromium, median of several cold loads. Figures only.
 *
 *   npm run build && npx tsx bench/landing-first-load.ts [--runs 7]
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ServerProcess, freePort } from '../src/server/testing/server-process';

const CLIENT_DIR = 'dist/client';

function runsFlag(): number {
  const index = process.argv.indexOf('--runs');
  const value = index === -1 ? Number.NaN : Number(process.argv[index + 1]);
  return Number.isInteger(value) && value > 0 ? value : 7;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

async function main() {
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
    const paints: number[] = [];
    const contentful: number[] = [];
    let scripts: string[] = [];
    for (let run = 0; run < runsFlag(); run += 1) {
      // A fresh context each time: a first visit, nothing cached.
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const loaded: string[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script')
          loaded.push(new URL(response.url()).pathname);
      });
      await page.goto(server.url, { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'Start Exploring Insights' }).waitFor();
      const timing = await page.evaluate(() =>
        Object.fromEntries(
          performance.getEntriesByType('paint').map((entry) => [entry.name, entry.startTime]),
        ),
      );
      paints.push(timing['first-paint'] ?? Number.NaN);
      contentful.push(timing['first-contentful-paint'] ?? Number.NaN);
      scripts = loaded;
      await context.close();
    }
    let raw = 0;
    let gzipped = 0;
    for (const script of new Set(scripts)) {
      const source = readFileSync(path.join(CLIENT_DIR, script));
      raw += source.length;
      gzipped += gzipSync(source, { level: 9 }).length;
    }
    console.log(
      `landing page scripts: ${new Set(scripts).size} files, ${kb(raw)} raw, ${kb(gzipped)} gzipped`,
    );
    console.log(`first paint (median of ${paints.length}): ${median(paints).toFixed(0)} ms`);
    console.log(`first contentful paint (median): ${median(contentful).toFixed(0)} ms`);
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
