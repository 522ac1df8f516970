import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';

const require = createRequire(import.meta.url);

/** The only origin an export page may load from; every other request is refused. */
export const EXPORT_ORIGIN = 'http://export.scriptor.invalid';

const ASSETS: Record<string, { file: string; type: string }> = {
  '/mermaid.js': { file: require.resolve('mermaid/dist/mermaid.min.js'), type: 'text/javascript' },
  '/purify.js': { file: require.resolve('dompurify/dist/purify.min.js'), type: 'text/javascript' },
  '/katex.css': { file: require.resolve('katex/dist/katex.min.css'), type: 'text/css' },
};
const KATEX_FONTS = path.join(path.dirname(require.resolve('katex/dist/katex.min.css')), 'fonts');

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

/**
 * One headless Chromium (Debian's) shared by all exports, launched on first use. Each export
 * gets its own context whose network is closed: the page is Scriptor's own HTML, served from
 * EXPORT_ORIGIN with the bundled KaTeX and Mermaid, and nothing a paper names is fetched.
 */
export class ExportBrowser {
  private browser: Promise<Browser> | null = null;

  constructor(
    private readonly executablePath: string,
    private readonly timeoutMs: number,
  ) {}

  async withPage<T>(html: string, work: (page: Page) => Promise<T>): Promise<T> {
    const browser = await this.launch();
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
        return route.fulfill({ body: await readFile(asset.file), contentType: asset.type });
      if (url.pathname.startsWith('/fonts/')) {
        const name = path.basename(url.pathname);
        return route.fulfill({ body: await readFile(path.join(KATEX_FONTS, name)) });
      }
      return route.abort('blockedbyclient');
    });
    // The limit covers loading too: a huge page can hold Chromium before any work starts.
    let timeout: NodeJS.Timeout | undefined;
    const timer = new Promise<never>((_, reject) => {
      timeout = setTimeout(
        () => reject(new ExportBrowserError(timeoutMessage(this.timeoutMs))),
        this.timeoutMs,
      );
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
      await context.close().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close();
  }

  private launch(): Promise<Browser> {
    if (this.browser === null) {
      // Playwright is loaded with the first export, not at every server start.
      this.browser = import('playwright-core')
        .then(({ chromium }) => chromium)
        .then((chromium) =>
          chromium.launch({
            executablePath: this.executablePath,
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
          }),
        )
        .catch((error: unknown) => {
          this.browser = null;
          throw new ExportBrowserError(
            `Chromium could not be started at ${this.executablePath} (${(error as Error).message.split('\n')[0]}); install Debian's chromium or set CHROMIUM_PATH`,
          );
        });
      void this.browser.then((browser) =>
        browser.on('disconnected', () => {
          this.browser = null;
        }),
      );
    }
    return this.browser;
  }
}

function timeoutMessage(timeoutMs: number): string {
  return `The paper could not be rendered within ${Math.round(timeoutMs / 1000)} seconds, so the export was stopped. Very long unbroken text or deeply nested content can cause this: shorten it and export again.`;
}
