import { Node } from '@tiptap/core';
import type { ChildNodeMarkdown } from '../markdown/types';
import { cellAttributes, cellAttrsFromToken } from './table-cell';

/** A cell of the header row (spec 000 §2.1: tables are created with a header row). */
export const TableHeader = Node.create({
  name: 'tableHeader',
  content: 'inline*',
  isolating: true,
  addAttributes: cellAttributes,
  parseHTML: () => [{ tag: 'th' }],
  renderHTML: ({ HTMLAttributes }) => ['th', HTMLAttributes, 0],
});

export const tableHeaderMarkdown: ChildNodeMarkdown = {
  parse: { table_header: { kind: 'container', attrs: cellAttrsFromToken } },
};
