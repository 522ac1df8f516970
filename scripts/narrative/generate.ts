/**
 * Makes the walkthrough's screenshots and the demo video from the real app (docs/first-contact.md):
 * builds the web app, starts Scriptor on a fresh database with the project's fake model, walks
 * the 16 walkthrough steps in Debian's Chromium recording a video, writes each screenshot as
 * WebP under src/app/public/narrative/, and the cut and sped-up video to
 * src/app/public/media/scriptor-demo.webm. A step whose feature is missing is reported and
 * left without a screenshot (an old one is removed).
 *
 *   npx tsx scripts/narrative/generate.ts [--skip-build] [--no-video] [--out <folder>]
 *
 * `--out` writes the screenshots elsewhere (the browser test `narrative-generator.spec.ts` walks
 * the steps into a temporary folder so a renamed control is caught before the pictures go stale).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import {
  WALKTHROUGH_STEPS,
  walkthroughFileName,
} from '../../src/app/first-contact/walkthrough/walkthrough-steps';
import { startNarrativeModel } from './fake-model';
import { prepareAccount, startNarrativeApp } from './narrative-app';
import { CAPTURES, type StepContext } from './steps';
import { Screencast } from './screencast';
import { ffmpegAvailable, Timeline } from './video';
import { toWebp } from './webp';

const flag = (name: string) => process.argv.includes(name);
const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const NARRATIVE_DIR = option('--out') ?? 'src/app/public/narrative';
const VIDEO_FILE = 'src/app/public/media/scriptor-demo.webm';
const WORK_DIR = option('--out') ? path.join(NARRATIVE_DIR, '.work') : '.tmp/narrative';
const VIEWPORT = { width: 1280, height: 800 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** How long the video holds each step's screen (clicks and typing happen at script speed). */
const STEP_BEAT_MS = 1_800;
async function main() {
  if (!flag('--skip-build')) {
    execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  }
  const model = await startNarrativeModel();
  const server = await startNarrativeApp(model.baseUrl, WORK_DIR);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const videoDir = path.join(WORK_DIR, 'video');
  const report: string[] = [];
  try {
    const storageState = await prepareAccount(browser, server.url, VIEWPORT);
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: VIEWPORT,
      storageState,
    });
    const page = await context.newPage();
    const timeline = new Timeline();
    // Without ffmpeg the screenshots are still made; the video is not.
    const screencast =
      !flag('--no-video') && ffmpegAvailable() ? new Screencast(videoDir, timeline.began) : null;
    // The timeline is cut until the page has settled (Timeline): a blank page loading is not
    // worth watching.
    await screencast?.start(page, VIEWPORT);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Welcome to Scriptor' }).waitFor();
    // The paper list and the model still load after the heading: the video starts on a
    // settled page, not on spinners.
    await page.getByText('No papers yet').waitFor();
    await page.locator('.spinner').first().waitFor({ state: 'hidden' });
    await page.waitForTimeout(500);
    timeline.set(1);

    mkdirSync(NARRATIVE_DIR, { recursive: true });
    const step: StepContext = { page, timeline };
    for (const [index, definition] of WALKTHROUGH_STEPS.entries()) {
      const file = path.join(NARRATIVE_DIR, walkthroughFileName(index, definition.id));
      const capture = CAPTURES[definition.id];
      let missing: string | void = capture ? undefined : 'no capture written';
      const began = timeline.now();
      try {
        if (capture) missing = await capture(step);
      } catch (error) {
        // The report keeps the first line; the call log says what was in the way.
        console.error(`${definition.id}: ${(error as Error).message}`);
        missing = `failed: ${(error as Error).message.split('\n')[0]}`;
      }
      if (missing) {
        timeline.cutSince(began);
        rmSync(file, { force: true });
        report.push(`${String(index + 1).padStart(2)} ${definition.id}: unavailable (${missing})`);
        continue;
      }
      // Transitions settle; in the video, a viewer has time to read the step's screen.
      await page.waitForTimeout(screencast ? STEP_BEAT_MS : 600);
      writeFileSync(file, await toWebp(browser, await page.screenshot()));
      report.push(
        `${String(index + 1).padStart(2)} ${definition.id}: ${statSync(file).size} bytes`,
      );
    }
    await page.waitForTimeout(1_000);
    const segments = timeline.finish();
    await screencast?.stop();
    await context.close();
    if (screencast) {
      mkdirSync(path.dirname(VIDEO_FILE), { recursive: true });
      screencast.writeVideo(VIDEO_FILE, segments);
      report.push(`demo video: ${statSync(VIDEO_FILE).size} bytes`);
    } else {
      report.push(
        `demo video: not made (${flag('--no-video') ? '--no-video' : 'ffmpeg not found'})`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
    await model.close();
  }
  console.log(report.join('\n'));
  const made = readdirSync(NARRATIVE_DIR).filter((name) => name.endsWith('.webp')).length;
  console.log(`${made} of ${WALKTHROUGH_STEPS.length} walkthrough screenshots`);
}

await main();
