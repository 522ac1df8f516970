import { Node, type Attributes } from '@tiptap/core';
import type { Token } from 'markdown-it';
import type { ChildNodeMarkdown } from '../markdown/types';
import type { CellAlign } from '../rules/table';

export function toCellAlign(value: unknown): CellAlign {
  return value === 'left' || value === 'center' || value === 'right' ? value : null;
}

/**
 * Attributes prosemirror-tables expects on every cell (so the app can add table editing),
 * plus the column alignment from the markdown delimiter row. GFM cannot span cells: a
 * spanning cell is written followed by empty cells.
 */
export function cellAttributes(): Attributes {
  return {
    colspan: { default: 1 },
    rowspan: { default: 1 },
    colwidth: { default: null, rendered: false },
    align: {
      default: null,
      parseHTML: (element) => toCellAlign(element.style.textAlign),
      renderHTML: (attributes) => {
        const align = toCellAlign(attributes.align);
        return align ? { style: `text-align: ${align}` } : {};
      },
    },
  };
}

export function cellAttrsFromToken(token: Token): { align: CellAlign } {
  return { align: toCellAlign(token.meta?.align) };
}

/** A body cell: one line of inline content. */
export const TableCell = Node.create({
  name: 'tableCell',
  content: 'inline*',
  isolating: true,
  addAttributes: cellAttributes,
  parseHTML: () => [{ tag: 'td' }],
  renderHTML: ({ HTMLAttributes }) => ['td', HTMLAttributes, 0],
});

export const tableCellMarkdown: ChildNodeMarkdown = {
  parse: { table_cell: { kind: 'container', attrs: cellAttrsFromToken } },
};
