import type { JSONContent } from '@tiptap/core';
import { jsonToMarkdown } from '../../../shared/document';
import { scanCitation } from '../../../shared/document/rules/citation';

/**
 * Converters build the shared document's JSON (its node and mark names) and let the document
 * module write the markdown, so every upload is in the same canonical markdown as a paper:
 * escaping, tables and equations are never hand-written here.
 */
export type Block = JSONContent;
export type Inline = JSONContent;
export type Mark = NonNullable<JSONContent['marks']>[number];

export function text(value: string, marks: Mark[] = []): Inline[] {
  if (value === '') return [];
  return [marks.length > 0 ? { type: 'text', text: value, marks } : { type: 'text', text: value }];
}

export function heading(level: number, inlines: Inline[]): Block {
  return {
    type: 'numberedHeading',
    attrs: { level: Math.min(6, Math.max(1, level)) },
    content: inlines,
  };
}

export function paragraph(inlines: Inline[]): Block {
  return { type: 'paragraph', content: inlines };
}

export function listOf(ordered: boolean, items: Block[][], start = 1): Block {
  return {
    type: ordered ? 'orderedList' : 'bulletList',
    ...(ordered ? { attrs: { start } } : {}),
    content: items.map((blocks) => ({
      type: 'listItem',
      content: blocks.length > 0 ? blocks : [paragraph([])],
    })),
  };
}

/** A table whose first row is its header (markdown tables always have one). */
export function table(rows: Inline[][][]): Block {
  const width = Math.max(1, ...rows.map((row) => row.length));
  return {
    type: 'table',
    content: rows.map((row, index) => ({
      type: 'tableRow',
      content: Array.from({ length: width }, (_, column) => ({
        type: index === 0 ? 'tableHeader' : 'tableCell',
        content: row[column] ?? [],
      })),
    })),
  };
}

export function blockEquation(latex: string): Block {
  return { type: 'blockEquation', attrs: { latex } };
}

export function inlineEquation(latex: string): Inline {
  return { type: 'inlineEquation', attrs: { latex } };
}

export function codeBlock(code: string, language: string | null = null): Block {
  return { type: 'codeBlock', attrs: { language }, content: text(code) };
}

export function blockquote(blocks: Block[]): Block {
  return { type: 'blockquote', content: blocks.length > 0 ? blocks : [paragraph([])] };
}

export function horizontalRule(): Block {
  return { type: 'horizontalRule' };
}

const CITATION_START = '[ref_';

/** Plain text with its citation brackets read as the document module reads them. */
function textWithCitations(value: string): Inline[] {
  const inlines: Inline[] = [];
  let start = 0;
  let index = value.indexOf(CITATION_START);
  while (index !== -1) {
    const match = scanCitation(value, index);
    if (match) {
      inlines.push(...text(value.slice(start, index)), {
        type: 'reference',
        attrs: { refIds: match.refIds },
      });
      start = match.end;
    }
    index = value.indexOf(CITATION_START, match ? start : index + 1);
  }
  return [...inlines, ...text(value.slice(start))];
}

function isPlainText(inline: Inline): boolean {
  return inline.type === 'text' && (inline.marks ?? []).length === 0;
}

/**
 * A document written in Scriptor (or citing as it does) carries its citations as text, often
 * split over several runs ('[ref_a;' ' ' 'ref_b]'): the runs of unmarked text are joined and
 * their brackets become citations, so an imported paper keeps them. Code is left as written.
 */
function withCitations(node: JSONContent): JSONContent {
  if (!node.content || node.type === 'codeBlock') return node;
  const content: JSONContent[] = [];
  let run = '';
  const flush = () => {
    content.push(...textWithCitations(run));
    run = '';
  };
  for (const child of node.content) {
    if (isPlainText(child)) {
      run += child.text ?? '';
    } else {
      flush();
      content.push(withCitations(child));
    }
  }
  flush();
  return { ...node, content };
}

/** The canonical markdown of the blocks. */
export function blocksToMarkdown(blocks: Block[]): string {
  if (blocks.length === 0) return '';
  return jsonToMarkdown(withCitations({ type: 'doc', content: blocks }));
}
