import type { ExportBrowser } from '../chromium/export-browser';
import { renderDiagrams } from '../chromium/render-diagrams';
import type { ExportPaper } from '../export-paper';
import { paperDocument } from './paper-document';
import { renderBodyHtml } from './render-html';

/**
 * A standalone document.html: styles inline, math as MathML (no fonts to ship), diagrams as
 * inline SVG, citations linked to their entries. The page is rendered once in the export
 * browser so Mermaid can draw; the file keeps no script.
 */
export async function exportHtml(browser: ExportBrowser, paper: ExportPaper): Promise<string> {
  const body = renderBodyHtml(paper, { math: 'mathml' });
  const html = paperDocument({ title: paper.title, body, katex: false });
  if (!body.includes('mermaid-source')) return html;
  return browser.withPage(html, async (page) => {
    await renderDiagrams(page);
    const rendered = await page.evaluate(() => {
      document.querySelectorAll('script').forEach((script) => script.remove());
      return document.documentElement.outerHTML;
    });
    return `<!DOCTYPE html>\n${rendered}`;
  });
}
