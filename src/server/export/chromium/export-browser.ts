import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserServer, Page } from 'playwright-core';
import { Semaphore, settlesWithin } from './semaphore';

const require = createRequire(import.meta.url);

/** The only origin an export page may load from; every other request is refused. */
export const EXPORT_ORIGIN = 'http://export.scriptor.invalid';

const ASSETS: Record<string, { file: string; type: string }> = {
  '/mermaid.js': { file: require.resolve('mermaid/dist/mermaid.min.js'), type: 'text/javascript' },
  '/purify.js': { file: require.resolve('dompurify/dist/purify.min.js'), type: 'text/javascript' },
  '/katex.css': { file: require.resolve('katex/dist/katex.min.css'), type: 'text/css' },
};
const KATEX_FONTS = path.join(path.dirname(require.resolve('katex/dist/katex.min.css')), 'fonts');

/** Asset files read once: every export page loads KaTeX's stylesheet and fonts again. */
const assetCache = new Map<string, Promise<Buffer>>();

function assetBytes(file: string): Promise<Buffer> {
  let bytes = assetCache.get(file);
  if (!bytes) {
    bytes = readFile(file);
    assetCache.set(file, bytes);
    bytes.catch(() => assetCache.delete(file));
  }
  return bytes;
}

/** Chromium missing, or an export stopped at its time limit: the user's to know, not a 500. */
export class ExportBrowserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportBrowserError';
  }
}

/** A document beyond what an export prints (pages, nesting): refused before Chromium works on it. */
export class ExportTooLargeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportTooLargeError';
  }
}

/** How long a stopped export's page may take to close before its Chromium is ended instead. */
const CLOSE_GRACE_MS = 5_000;

/**
 * One headless Chromium (Debian's) shared by all exports, launched on first use and kept
 * running, so an export does not wait for a start. At most `pages` exports render at once (the
 * bounded pool; the others wait for a turn, and their time limit starts with their turn), each
 * in its own context whose network is closed: the page is Scriptor's own HTML, served from
 * EXPORT_ORIGIN with the bundled KaTeX and Mermaid, and nothing a paper names is fetched.
 *
 * An export stopped at its time limit gives back its turn only once its page is closed, and a
 * page that does not close (a renderer stuck in layout) ends that Chromium, so a runaway export
 * never holds the pool or slows the exports after it; the next export starts a fresh one.
 */
interface Running {
  server: BrowserServer;
  browser: Browser;
}

export class ExportBrowser {
  private browser: Promise<Running> | null = null;
  private readonly turns: Semaphore;

  constructor(
    private readonly executablePath: string,
    private readonly timeoutMs: number,
    pages = 2,
  ) {
    this.turns = new Semaphore(pages);
  }

  async withPage<T>(html: string, work: (page: Page) => Promise<T>): Promise<T> {
    return this.turns.run(() => this.render(html, work));
  }

  private async render<T>(html: string, work: (page: Page) => Promise<T>): Promise<T> {
    const running = this.launch();
    const { browser } = await running;
    const context = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: false });
    // Playwright's own timeouts stay behind the export's, whose error says what happened.
    context.setDefaultTimeout(this.timeoutMs + 5_000);
    await context.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.origin !== EXPORT_ORIGIN) return route.abort('blockedbyclient');
      if (url.pathname === '/') {
        return route.fulfill({ body: html, contentType: 'text/html; charset=utf-8' });
      }
      const asset = ASSETS[url.pathname];
      if (asset)
        return route.fulfill({ body: await assetBytes(asset.file), contentType: asset.type });
      if (url.pathname.startsWith('/fonts/')) {
        const name = path.basename(url.pathname);
        return route.fulfill({ body: await assetBytes(path.join(KATEX_FONTS, name)) });
      }
      return route.abort('blockedbyclient');
    });
    // The limit covers loading too: a huge page can hold Chromium before any work starts.
    let timeout: NodeJS.Timeout | undefined;
    let timedOut = false;
    const timer = new Promise<never>((_, reject) => {
      timeout = setTimeout(() => {
        timedOut = true;
        reject(new ExportBrowserError(timeoutMessage(this.timeoutMs)));
      }, this.timeoutMs);
    });
    try {
      return await Promise.race([
        (async () => {
          const page = await context.newPage();
          await page.goto(`${EXPORT_ORIGIN}/`, { waitUntil: 'load' });
          return work(page);
        })(),
        timer,
      ]);
    } finally {
      clearTimeout(timeout);
      const closed = await settlesWithin(
        context.close(),
        timedOut ? CLOSE_GRACE_MS : this.timeoutMs,
      );
      if (!closed) await this.end(running);
    }
  }

  async close(): Promise<void> {
    const running = this.browser;
    this.browser = null;
    const launched = await running?.catch(() => null);
    if (!launched) return;
    await launched.browser.close().catch(() => undefined);
    await launched.server.close();
  }

  /** Ends a Chromium whose page would not close; the next export launches another. */
  private async end(running: Promise<Running>): Promise<void> {
    if (this.browser === running) this.browser = null;
    await (await running.catch(() => null))?.server.kill();
  }

  private launch(): Promise<Running> {
    if (this.browser === null) {
      const running = launchChromium(this.executablePath);
      this.browser = running;
      running.then(
        ({ browser }) =>
          browser.on('disconnected', () => {
            if (this.browser === running) this.browser = null;
          }),
        () => {
          if (this.browser === running) this.browser = null;
        },
      );
    }
    return this.browser;
  }
}

/**
 * Chromium as a server process this one connects to, so that a Chromium stuck in a page can be
 * killed with everything it started (BrowserServer.kill); Playwright is loaded with the first
 * export, not at every server start.
 */
async function launchChromium(executablePath: string): Promise<Running> {
  try {
    const { chromium } = await import('playwright-core');
    const server = await chromium.launchServer({
      executablePath,
      // The machine may have no network; keep Chromium from dialling out at all.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      return { server, browser: await chromium.connect(server.wsEndpoint()) };
    } catch (error) {
      await server.kill();
      throw error;
    }
  } catch (error) {
    throw new ExportBrowserError(
      `Chromium could not be started at ${executablePath} (${(error as Error).message.split('\n')[0]}); install Debian's chromium or set CHROMIUM_PATH`,
    );
  }
}

function timeoutMessage(timeoutMs: number): string {
  return `The paper could not be rendered within ${Math.round(timeoutMs / 1000)} seconds, so the export was stopped. Very long unbroken text or deeply nested content can cause this: shorten it and export again.`;
}
