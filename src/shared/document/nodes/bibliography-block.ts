import { Node } from '@tiptap/core';
import type { BlockNodeMarkdown, WrittenBlock } from '../markdown/types';

/**
 * A run of bibliography entries on consecutive lines, e.g. the body of a "References"
 * section. It carries no attributes: it only groups entries, and in markdown a blank line
 * between entries starts a new block, so grouping survives a round trip.
 */
export const BibliographyBlock = Node.create({
  name: 'bibliographyBlock',
  group: 'block',
  content: 'bibliography+',
  parseHTML: () => [{ tag: 'div[data-type="bibliography-block"]' }],
  renderHTML: ({ HTMLAttributes }) => [
    'div',
    { ...HTMLAttributes, 'data-type': 'bibliography-block' },
    0,
  ],
});

export const bibliographyBlockMarkdown: BlockNodeMarkdown = {
  parse: { bibliography_block: { kind: 'container' } },
  toMarkdown: (node, context) => {
    const entries: WrittenBlock[] = [];
    node.forEach((entry) => {
      entries.push(context.block(entry, entries[entries.length - 1] ?? null));
    });
    return entries.map((entry) => entry.markdown).join('\n');
  },
};
