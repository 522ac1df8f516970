import { Node } from '@tiptap/core';
import type { InlineNodeMarkdown } from '../markdown/types';

/**
 * A line break inside a paragraph, written `\` + newline (markdown's two trailing spaces
 * read the same way but are invisible, so they are not canonical).
 */
export const HardBreak = Node.create({
  name: 'hardBreak',
  inline: true,
  group: 'inline',
  selectable: false,
  linebreakReplacement: true,
  parseHTML: () => [{ tag: 'br' }],
  renderHTML: ({ HTMLAttributes }) => ['br', HTMLAttributes],
  renderText: () => '\n',
});

export const hardBreakMarkdown: InlineNodeMarkdown = {
  parse: { hardbreak: { kind: 'atom' } },
  toMarkdown: () => '\\\n',
  lineBreak: true,
};
