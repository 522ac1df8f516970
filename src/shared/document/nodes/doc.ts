import { Node } from '@tiptap/core';
import type { BlockNodeMarkdown } from '../markdown/types';

/** The whole paper: blocks separated by one blank line in markdown. */
export const Doc = Node.create({
  name: 'doc',
  topNode: true,
  content: 'block+',
});

export const docMarkdown: BlockNodeMarkdown = {
  toMarkdown: (node, context) => context.blocks(node),
};
