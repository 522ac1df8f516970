import { Node } from '@tiptap/core';
import type { BlockNodeMarkdown } from '../markdown/types';

/** A thematic break, `---` (`***` as the first line of a `-` list item, see list-item.ts). */
export const HorizontalRule = Node.create({
  name: 'horizontalRule',
  group: 'block',
  parseHTML: () => [{ tag: 'hr' }],
  renderHTML: ({ HTMLAttributes }) => ['hr', HTMLAttributes],
});

export const horizontalRuleMarkdown: BlockNodeMarkdown = {
  parse: { hr: { kind: 'atom' } },
  toMarkdown: () => '---',
};
