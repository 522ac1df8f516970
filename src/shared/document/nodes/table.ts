import { Node } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { BlockContext, BlockNodeMarkdown } from '../markdown/types';
import { type CellAlign, encodeTableCell } from '../rules/table';
import { toCellAlign } from './table-cell';

/** prosemirror-tables finds table nodes by these roles. */
const TABLE_ROLES: Record<string, string> = {
  table: 'table',
  tableRow: 'row',
  tableCell: 'cell',
  tableHeader: 'header_cell',
};

/**
 * A GFM pipe table: the first row is the header, the delimiter row carries the column
 * alignment. Cells hold one line of inline content; `|` in a cell is written `\|`.
 */
export const Table = Node.create({
  name: 'table',
  group: 'block',
  content: 'tableRow+',
  isolating: true,
  parseHTML: () => [{ tag: 'table' }],
  renderHTML: ({ HTMLAttributes }) => ['table', HTMLAttributes, ['tbody', 0]],
  // Gives every table node its role in the schema spec without depending on @tiptap/extension-table.
  extendNodeSchema: (extension) => {
    const role = TABLE_ROLES[extension.name];
    return role ? { tableRole: role } : {};
  },
});

interface WrittenCell {
  markdown: string;
  align: CellAlign;
}

function writeRow(row: ProseMirrorNode, context: BlockContext): WrittenCell[] {
  const cells: WrittenCell[] = [];
  row.forEach((cell) => {
    const markdown = encodeTableCell(
      context.inline(cell, { firstLineStartsBlock: false, singleLine: true }),
    );
    const align = toCellAlign(cell.attrs.align);
    cells.push({ markdown, align });
    const span = Math.max(1, Math.round(Number(cell.attrs.colspan)) || 1);
    for (let extra = 1; extra < span; extra++) cells.push({ markdown: '', align });
  });
  return cells;
}

const DELIMITERS: Record<string, string> = { left: ':---', center: ':---:', right: '---:' };

function line(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

export const tableMarkdown: BlockNodeMarkdown = {
  parse: { table: { kind: 'container' } },
  toMarkdown: (node, context) => {
    const rows: WrittenCell[][] = [];
    node.forEach((row) => rows.push(writeRow(row, context)));
    const columns = rows.reduce((widest, row) => Math.max(widest, row.length), 0);
    const text = rows.map((row) =>
      Array.from({ length: columns }, (_, column) => row[column]?.markdown ?? ''),
    );
    const header = rows[0] ?? [];
    const delimiter = Array.from({ length: columns }, (_, column) => {
      const align = header[column]?.align;
      return (align && DELIMITERS[align]) ?? '---';
    });
    const [first = [], ...body] = text;
    return [line(first), line(delimiter), ...body.map(line)].join('\n');
  },
};
