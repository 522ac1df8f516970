import type { Page } from 'playwright-core';
import { ExportTooLargeError, type ExportBrowser } from '../chromium/export-browser';
import { renderDiagrams } from '../chromium/render-diagrams';
import type { ExportPaper } from '../export-paper';
import { paperDocument } from '../html/paper-document';
import { renderBodyHtml } from '../html/render-html';
import { htmlNestingDepth } from './html-depth';
import { checkPageBudget } from './page-budget';

export type PaperSize = 'A4' | 'Letter';

export interface PrintOptions {
  paperSize: PaperSize;
  /** The page budget: a longer document is refused before it is printed. */
  maxPages: number;
}

/**
 * Deepest nesting of elements accepted from other callers (`html-depth.ts`): parsing time grows
 * with the square of a deep nesting; no document a person reads nests this deep.
 */
export const MAX_HTML_DEPTH = 64;

/** A paper printed by Chromium: KaTeX math, vector diagrams, page numbers, an outline. */
export async function exportPdf(
  browser: ExportBrowser,
  paper: ExportPaper,
  options: PrintOptions,
): Promise<Buffer> {
  const body = renderBodyHtml(paper, { math: 'katex' });
  const html = paperDocument({ title: paper.title, body, katex: true, pageNumbers: true });
  return browser.withPage(html, async (page) => {
    await renderDiagrams(page);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    return printPdf(page, options);
  });
}

/**
 * HTML from another caller (the research chat's PDF, 002 §7), sanitised with DOMPurify inside
 * the page: it is inserted after load, so no script of its own ever runs.
 */
export async function exportHtmlAsPdf(
  browser: ExportBrowser,
  untrustedHtml: string,
  options: PrintOptions,
): Promise<Buffer> {
  const depth = htmlNestingDepth(untrustedHtml);
  if (depth > MAX_HTML_DEPTH) {
    throw new ExportTooLargeError(
      `The document is nested too deeply to print: ${depth} levels, and the limit is ${MAX_HTML_DEPTH}.`,
    );
  }
  const shell = paperDocument({ title: 'Document', body: '', katex: true, pageNumbers: true });
  return browser.withPage(shell, async (page) => {
    await page.addScriptTag({ url: '/purify.js' });
    await page.evaluate((input) => {
      const purify = (window as unknown as { DOMPurify: { sanitize(html: string): string } })
        .DOMPurify;
      document.body.innerHTML = purify.sanitize(input);
    }, untrustedHtml);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    return printPdf(page, options);
  });
}

async function printPdf(page: Page, { paperSize, maxPages }: PrintOptions): Promise<Buffer> {
  await checkPageBudget(page, paperSize, maxPages);
  return page.pdf({
    format: paperSize,
    printBackground: true,
    margin: { top: '22mm', bottom: '24mm', left: '20mm', right: '20mm' },
    outline: true,
    tagged: true,
  });
}
