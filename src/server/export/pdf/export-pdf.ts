import type { Page } from 'playwright-core';
import type { ExportBrowser } from '../chromium/export-browser';
import { renderDiagrams } from '../chromium/render-diagrams';
import type { ExportPaper } from '../export-paper';
import { paperDocument } from '../html/paper-document';
import { renderBodyHtml } from '../html/render-html';

export type PaperSize = 'A4' | 'Letter';

const FOOTER = `<div style="font-size:9px;width:100%;text-align:center;color:#555;font-family:serif">
<span class="pageNumber"></span> / <span class="totalPages"></span></div>`;

/** A paper printed by Chromium: KaTeX math, vector diagrams, page numbers, an outline. */
export async function exportPdf(
  browser: ExportBrowser,
  paper: ExportPaper,
  paperSize: PaperSize,
): Promise<Buffer> {
  const body = renderBodyHtml(paper, { math: 'katex' });
  const html = paperDocument({ title: paper.title, body, katex: true });
  return browser.withPage(html, async (page) => {
    await renderDiagrams(page);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    return printPdf(page, paperSize);
  });
}

/**
 * HTML from another caller (the research chat's PDF, 002 §7), sanitised with DOMPurify inside
 * the page: it is inserted after load, so no script of its own ever runs.
 */
export async function exportHtmlAsPdf(
  browser: ExportBrowser,
  untrustedHtml: string,
  paperSize: PaperSize,
): Promise<Buffer> {
  const shell = paperDocument({ title: 'Document', body: '', katex: true });
  return browser.withPage(shell, async (page) => {
    await page.addScriptTag({ url: '/purify.js' });
    await page.evaluate((input) => {
      const purify = (window as unknown as { DOMPurify: { sanitize(html: string): string } })
        .DOMPurify;
      document.body.innerHTML = purify.sanitize(input);
    }, untrustedHtml);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    return printPdf(page, paperSize);
  });
}

async function printPdf(page: Page, paperSize: PaperSize): Promise<Buffer> {
  return page.pdf({
    format: paperSize,
    printBackground: true,
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate: FOOTER,
    margin: { top: '22mm', bottom: '24mm', left: '20mm', right: '20mm' },
    outline: true,
    tagged: true,
  });
}
