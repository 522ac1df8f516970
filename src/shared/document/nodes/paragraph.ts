import { Node } from '@tiptap/core';
import type { BlockNodeMarkdown } from '../markdown/types';

/**
 * A paragraph is one markdown line in canonical form (soft line breaks read as spaces;
 * hard breaks are `\` at the end of a line). A paragraph that writes as nothing (empty, or
 * only whitespace) is left out of the markdown.
 */
export const Paragraph = Node.create({
  name: 'paragraph',
  group: 'block',
  content: 'inline*',
  parseHTML: () => [{ tag: 'p' }],
  renderHTML: ({ HTMLAttributes }) => ['p', HTMLAttributes, 0],
});

export const paragraphMarkdown: BlockNodeMarkdown = {
  parse: { paragraph: { kind: 'container' } },
  toMarkdown: (node, context) =>
    context.inline(node, { firstLineStartsBlock: true, singleLine: false }),
};
