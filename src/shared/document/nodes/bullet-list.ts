import { Node } from '@tiptap/core';
import type { BlockNodeMarkdown } from '../markdown/types';
import { listItemToMarkdown } from './list-item';

/**
 * Items are written `- item`, one per line. A list directly after another bullet list
 * switches to `*`: with the same marker markdown would merge the two lists into one.
 */
export const BulletList = Node.create({
  name: 'bulletList',
  group: 'block',
  content: 'listItem+',
  parseHTML: () => [{ tag: 'ul' }],
  renderHTML: ({ HTMLAttributes }) => ['ul', HTMLAttributes, 0],
});

export const bulletListMarkdown: BlockNodeMarkdown = {
  parse: { bullet_list: { kind: 'container' } },
  toMarkdown: (node, context) => {
    const { previous } = context;
    const previousUsedDash =
      previous?.node.type.name === node.type.name && previous.markdown.startsWith('-');
    const marker = previousUsedDash ? '*' : '-';
    const items: string[] = [];
    node.forEach((item) => items.push(listItemToMarkdown(item, context, marker)));
    return items.join('\n');
  },
};
