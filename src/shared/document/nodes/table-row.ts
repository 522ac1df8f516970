import { Node } from '@tiptap/core';
import type { ChildNodeMarkdown } from '../markdown/types';

export const TableRow = Node.create({
  name: 'tableRow',
  content: '(tableHeader | tableCell)+',
  parseHTML: () => [{ tag: 'tr' }],
  renderHTML: ({ HTMLAttributes }) => ['tr', HTMLAttributes, 0],
});

export const tableRowMarkdown: ChildNodeMarkdown = { parse: { table_row: { kind: 'container' } } };
