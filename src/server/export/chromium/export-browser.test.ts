import { afterAll, describe, expect, it } from 'vitest';
import { ExportBrowser, ExportBrowserError } from './export-browser';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A page whose renderer never finishes: its script loops for ever. */
const STUCK = '<p>stuck</p><script>for (;;) {}</script>';

const textOf = (html: string) => `<p>${html}</p>`;

describe('the export browser pool', () => {
  // One page at a time and a short limit, so a stuck page would block everything after it.
  const browser = new ExportBrowser(CHROMIUM, 3_000, 1);
  afterAll(() => browser.close());

  it('stops a stuck page at its limit and gives the turn to the exports waiting behind it', async () => {
    const stuck = browser.withPage(STUCK, (page) => page.textContent('p'));
    // Queued behind the stuck page in a pool of one.
    const waiting = browser.withPage(textOf('after'), (page) => page.textContent('p'));
    await expect(stuck).rejects.toThrow(ExportBrowserError);
    await expect(stuck).rejects.toThrow(/could not be rendered within 3 seconds/);
    expect(await waiting).toBe('after');
    expect(await browser.withPage(textOf('again'), (page) => page.textContent('p'))).toBe('again');
  }, 120_000);

  it('renders no more pages at once than its size', async () => {
    let open = 0;
    let most = 0;
    const exports = ['one', 'two', 'three'].map((text) =>
      browser.withPage(textOf(text), async (page) => {
        open += 1;
        most = Math.max(most, open);
        const shown = await page.textContent('p');
        // Give the others every chance to start while this one is open.
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
        open -= 1;
        return shown;
      }),
    );
    expect(await Promise.all(exports)).toEqual(['one', 'two', 'three']);
    expect(most).toBe(1);
  }, 120_000);
});
