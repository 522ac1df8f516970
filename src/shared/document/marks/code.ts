import { Mark } from '@tiptap/core';
import type { MarkMarkdown } from '../markdown/types';

/**
 * Inline code, `` `code` ``. Unlike Tiptap's default it may combine with bold, italic and
 * links, because markdown can (`**`x`**`); inside it nothing else is markdown.
 */
export const Code = Mark.create({
  name: 'code',
  code: true,
  parseHTML: () => [{ tag: 'code' }],
  renderHTML: ({ HTMLAttributes }) => ['code', HTMLAttributes, 0],
});

export const codeMarkdown: MarkMarkdown = {
  parse: { code_inline: { kind: 'markedText' } },
  syntax: { kind: 'code' },
};
