import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { MERMAID_LANGUAGE } from '../../../shared/document';
import type { DiagramImage } from '../docx/render-docx';
import { escapeHtml } from '../html/escape-html';
import { paperDocument } from '../html/paper-document';
import type { ExportBrowser } from './export-browser';
import { renderDiagrams } from './render-diagrams';

/** The paper's Mermaid diagrams as PNG pictures (for Word), in document order. */
export async function renderDiagramImages(
  browser: ExportBrowser,
  doc: ProseMirrorNode,
): Promise<DiagramImage[]> {
  const sources: string[] = [];
  doc.descendants((node) => {
    if (node.type.name === 'codeBlock' && node.attrs.language === MERMAID_LANGUAGE) {
      sources.push(node.textContent);
    }
  });
  if (sources.length === 0) return [];
  const body = sources
    .map(
      (source) =>
        `<figure class="diagram"><pre class="mermaid-source">${escapeHtml(source)}</pre></figure>`,
    )
    .join('\n');
  return browser.withPage(
    paperDocument({ title: 'Diagrams', body, katex: false }),
    async (page) => {
      await renderDiagrams(page);
      const figures = page.locator('figure.diagram');
      const images: DiagramImage[] = [];
      for (let index = 0; index < sources.length; index++) {
        const svg = figures.nth(index).locator('svg');
        if ((await svg.count()) === 0) {
          images.push(null);
          continue;
        }
        const box = await svg.first().boundingBox();
        const png = await svg.first().screenshot({ type: 'png', scale: 'device' });
        images.push(
          box ? { png, width: Math.round(box.width), height: Math.round(box.height) } : null,
        );
      }
      return images;
    },
  );
}
