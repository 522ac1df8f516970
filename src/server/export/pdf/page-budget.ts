import type { Page } from 'playwright-core';
import { ExportTooLargeError } from '../chromium/export-browser';
import type { PaperSize } from './export-pdf';

/** Printable area per paper size in CSS pixels (96 per inch), inside printPdf's margins. */
const PRINTABLE: Record<PaperSize, { width: number; height: number }> = {
  // 210 × 297 mm less 20 + 20 mm across and 22 + 24 mm down.
  A4: { width: mm(170), height: mm(251) },
  // 215.9 × 279.4 mm, the same margins.
  Letter: { width: mm(175.9), height: mm(233.4) },
};

function mm(length: number): number {
  return (length / 25.4) * 96;
}

/**
 * Refuses a document that would print more pages than the budget, before Chromium prints it:
 * printing is what takes minutes (100,000 paragraphs are about 2,300 pages), laying the page
 * out at the printed width takes seconds. The estimate is the laid-out height over the page
 * height, so page breaks make the real count a little higher, never lower.
 */
export async function checkPageBudget(
  page: Page,
  paperSize: PaperSize,
  maxPages: number,
): Promise<void> {
  const area = PRINTABLE[paperSize];
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: Math.floor(area.width), height: Math.floor(area.height) });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const pages = Math.ceil(height / area.height);
  if (pages > maxPages) {
    throw new ExportTooLargeError(
      `The document is too long to print: about ${pages.toLocaleString('en-US')} pages, and the limit is ${maxPages.toLocaleString('en-US')}.`,
    );
  }
}
