/**
 * Export figures for the probe's hostile documents (issue 18.7; no assertions): the time to
 * print a 1 MB unbroken word, and how fast 100,000 short paragraphs and 100,000 nested
 * elements from other callers are refused (page budget, nesting limit) instead of printed.
 * Run: npx tsx bench/export/hostile-export.ts
 */
import { ExportBrowser } from '../../src/server/export/chromium/export-browser';
import { buildExportPaper } from '../../src/server/export/export-paper';
import { exportHtmlAsPdf, exportPdf } from '../../src/server/export/pdf/export-pdf';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OPTIONS = { paperSize: 'A4', maxPages: 1000 } as const;

async function timed(name: string, work: () => Promise<Buffer>): Promise<void> {
  const start = performance.now();
  const outcome = await work().then(
    (pdf) => `${pdf.length} bytes`,
    (error: unknown) => `refused: ${(error as Error).message}`,
  );
  console.log(`${name}: ${((performance.now() - start) / 1000).toFixed(1)} s, ${outcome}`);
}

const browser = new ExportBrowser(CHROMIUM, 600_000);
try {
  const paper = buildExportPaper({
    title: 'A long word',
    content: `Before ${'a'.repeat(1_000_000)} after`,
    citations: [],
    citationStyle: 'apa',
    includeAbstracts: false,
  });
  await timed('PDF of a 1 MB word', () => exportPdf(browser, paper, OPTIONS));
  await timed('100,000 paragraphs of HTML', () =>
    exportHtmlAsPdf(browser, '<p>x</p>'.repeat(100_000), OPTIONS),
  );
  await timed('100,000 nested elements of HTML', () =>
    exportHtmlAsPdf(browser, `${'<div>'.repeat(100_000)}x${'</div>'.repeat(100_000)}`, OPTIONS),
  );
} finally {
  await browser.close();
}
