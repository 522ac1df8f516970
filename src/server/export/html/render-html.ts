import type { Mark, Node as ProseMirrorNode } from '@tiptap/pm/model';
import { MERMAID_LANGUAGE } from '../../../shared/document';
import { exportableUrl } from '../../../shared/links/safe-url';
import type { ExportCitation, ExportPaper } from '../export-paper';
import { isLoadableImage } from '../image-data';
import { escapeHtml } from './escape-html';
import { renderMath, type MathOutput } from './render-math';

export interface HtmlBodyOptions {
  math: MathOutput;
}

/**
 * The paper as HTML body content, built from the document model (never from editor HTML):
 * every text is escaped, so nothing in a paper can inject markup or script. Mermaid diagrams
 * come out as `<pre class="mermaid-source">` for the browser step to replace with SVG; remote
 * images become placeholders, since exports never fetch from addresses a paper names.
 */
export function renderBodyHtml(paper: ExportPaper, options: HtmlBodyOptions): string {
  const cite = paper.citations();
  const notes: ExportCitation['note'][] = [];
  const out: string[] = [];
  let referencesPlaced = false;
  if (!paper.titleInDocument && paper.title.trim() !== '') {
    out.push(`<h1 class="title">${escapeHtml(paper.title)}</h1>`);
  }

  const inline = (node: ProseMirrorNode): string => {
    let html = '';
    node.forEach((child) => {
      html += renderInline(child);
    });
    return html;
  };

  const renderInline = (node: ProseMirrorNode): string => {
    let html: string;
    switch (node.type.name) {
      case 'text':
        html = escapeHtml(node.text ?? '');
        break;
      case 'hardBreak':
        html = '<br>';
        break;
      case 'inlineEquation':
        html = renderMath(String(node.attrs.latex ?? ''), false, options.math);
        break;
      case 'reference': {
        const citation = cite(node.attrs.refIds as string[]);
        if (citation.note) notes.push(citation.note);
        html = citationHtml(citation);
        break;
      }
      case 'image':
        html = imageHtml(node);
        break;
      default:
        html = escapeHtml(node.textContent);
    }
    return wrapMarks(html, node.marks);
  };

  const block = (node: ProseMirrorNode, pos: number | null): void => {
    switch (node.type.name) {
      case 'paragraph':
        out.push(`<p>${inline(node)}</p>`);
        return;
      case 'numberedHeading': {
        const level = Math.min(6, Math.max(1, Number(node.attrs.level) || 1));
        const number = pos === null ? '' : (paper.headingNumbers.get(pos) ?? '');
        const id = number === '' ? '' : ` id="section-${number.replace(/\./g, '-')}"`;
        const label = number === '' ? '' : `<span class="section-number">${number}</span> `;
        const title = pos === 0 && paper.titleInDocument ? ' class="title"' : '';
        out.push(`<h${level}${id}${title}>${label}${inline(node)}</h${level}>`);
        return;
      }
      case 'bulletList':
      case 'orderedList': {
        const tag = node.type.name === 'bulletList' ? 'ul' : 'ol';
        const start =
          tag === 'ol' && Number(node.attrs.start) !== 1
            ? ` start="${Number(node.attrs.start)}"`
            : '';
        out.push(`<${tag}${start}>`);
        node.forEach((item) => {
          out.push('<li>');
          item.forEach((child) => block(child, null));
          out.push('</li>');
        });
        out.push(`</${tag}>`);
        return;
      }
      case 'blockquote':
        out.push('<blockquote>');
        node.forEach((child) => block(child, null));
        out.push('</blockquote>');
        return;
      case 'horizontalRule':
        out.push('<hr>');
        return;
      case 'codeBlock': {
        const language = String(node.attrs.language ?? '');
        if (language === MERMAID_LANGUAGE) {
          out.push(
            `<figure class="diagram"><pre class="mermaid-source">${escapeHtml(node.textContent)}</pre></figure>`,
          );
        } else {
          const cls = language === '' ? '' : ` class="language-${escapeHtml(language)}"`;
          out.push(`<pre><code${cls}>${escapeHtml(node.textContent)}</code></pre>`);
        }
        return;
      }
      case 'blockEquation':
        out.push(
          `<div class="equation">${renderMath(String(node.attrs.latex ?? ''), true, options.math)}</div>`,
        );
        return;
      case 'table':
        out.push(tableHtml(node, inline));
        return;
      case 'bibliographyBlock':
        if (!referencesPlaced) {
          out.push(referencesHtml(paper, false));
          referencesPlaced = true;
        }
        return;
      default:
        out.push(`<p>${escapeHtml(node.textContent)}</p>`);
    }
  };

  paper.doc.forEach((child, offset) => block(child, offset));
  if (!referencesPlaced && paper.references.length > 0)
    out.push(referencesHtml(paper, paper.referencesNeedHeading));
  const footnotes = notes.filter((note) => note !== null);
  if (footnotes.length > 0) {
    out.push('<section class="notes"><h2>Notes</h2><ol>');
    for (const note of footnotes) {
      out.push(`<li id="note-${note.number}">${escapeHtml(note.text)}</li>`);
    }
    out.push('</ol></section>');
  }
  return out.join('\n');
}

function citationHtml(citation: ExportCitation): string {
  const inner = citation.segments
    .map((segment) => {
      const text = escapeHtml(segment.text);
      if (citation.note) return `<a href="#note-${citation.note.number}">${text}</a>`;
      if (segment.anchor === null)
        return segment.text.startsWith('[Missing') ? `<span class="broken">${text}</span>` : text;
      return `<a href="#${segment.anchor}">${text}</a>`;
    })
    .join('');
  return citation.superscript
    ? `<sup class="citation">${inner}</sup>`
    : `<span class="citation">${inner}</span>`;
}

function referencesHtml(paper: ExportPaper, withHeading: boolean): string {
  const items = paper.references.map((reference) => {
    const label =
      reference.label === ''
        ? ''
        : `<span class="reference-label">${escapeHtml(reference.label)}</span> `;
    const text = reference.missing
      ? `<span class="broken">${escapeHtml(reference.text)}</span>`
      : escapeHtml(reference.text);
    const abstract =
      reference.excerpt === null
        ? ''
        : `<div class="excerpt">${escapeHtml(reference.excerpt)}</div>`;
    return `<p class="reference" id="${reference.anchor}">${label}${text}${abstract}</p>`;
  });
  const heading = withHeading
    ? `<h2 class="references-title">${escapeHtml(paper.referencesTitle)}</h2>`
    : '';
  return `<section class="references">${heading}${items.join('\n')}</section>`;
}

function imageHtml(node: ProseMirrorNode): string {
  const src = String(node.attrs.src ?? '');
  const alt = escapeHtml(String(node.attrs.alt ?? ''));
  if (!isLoadableImage(src)) {
    return `<span class="broken">[Image not included: ${escapeHtml(src)}]</span>`;
  }
  const width = Number(node.attrs.width) > 0 ? ` width="${Number(node.attrs.width)}"` : '';
  const height = Number(node.attrs.height) > 0 ? ` height="${Number(node.attrs.height)}"` : '';
  return `<img src="${escapeHtml(src)}" alt="${alt}"${width}${height}>`;
}

function tableHtml(node: ProseMirrorNode, inline: (node: ProseMirrorNode) => string): string {
  const rows: string[] = [];
  node.forEach((row) => {
    const cells: string[] = [];
    row.forEach((cell) => {
      const tag = cell.type.name === 'tableHeader' ? 'th' : 'td';
      const align = cell.attrs.align ? ` style="text-align:${String(cell.attrs.align)}"` : '';
      const content: string[] = [];
      if (cell.inlineContent) content.push(inline(cell));
      else cell.forEach((child) => content.push(inline(child)));
      cells.push(`<${tag}${align}>${content.join('<br>')}</${tag}>`);
    });
    rows.push(`<tr>${cells.join('')}</tr>`);
  });
  return `<table>${rows.join('\n')}</table>`;
}

function wrapMarks(html: string, marks: readonly Mark[]): string {
  return marks.reduceRight((inner, mark) => {
    switch (mark.type.name) {
      case 'bold':
        return `<strong>${inner}</strong>`;
      case 'italic':
        return `<em>${inner}</em>`;
      case 'strike':
        return `<s>${inner}</s>`;
      case 'code':
        return `<code>${inner}</code>`;
      case 'link': {
        const href = exportableUrl(String(mark.attrs.href ?? ''), { fragment: true });
        return href === null ? inner : `<a href="${escapeHtml(href)}">${inner}</a>`;
      }
      case 'comment':
        return `<span class="comment" title="${escapeHtml(String(mark.attrs.comment ?? ''))}">${inner}</span>`;
      default:
        return inner;
    }
  }, html);
}
