import { Node } from '@tiptap/core';
import { prefixLines } from '../markdown/prefix-lines';
import type { BlockNodeMarkdown } from '../markdown/types';

/** `> ` before every line; empty lines inside get a bare `>`. */
export const Blockquote = Node.create({
  name: 'blockquote',
  group: 'block',
  content: 'block+',
  defining: true,
  parseHTML: () => [{ tag: 'blockquote' }],
  renderHTML: ({ HTMLAttributes }) => ['blockquote', HTMLAttributes, 0],
});

export const blockquoteMarkdown: BlockNodeMarkdown = {
  parse: { blockquote: { kind: 'container' } },
  toMarkdown: (node, context) => prefixLines(context.blocks(node), '> ', '> '),
};
