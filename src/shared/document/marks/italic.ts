import { Mark } from '@tiptap/core';
import type { MarkMarkdown } from '../markdown/types';

/** `*italic*` (markdown's `_italic_` reads the same and is written back with `*`). */
export const Italic = Mark.create({
  name: 'italic',
  parseHTML: () => [
    { tag: 'em' },
    { tag: 'i', getAttrs: (element) => element.style.fontStyle !== 'normal' && null },
    { style: 'font-style=normal', clearMark: (mark) => mark.type.name === 'italic' },
    { style: 'font-style=italic' },
  ],
  renderHTML: ({ HTMLAttributes }) => ['em', HTMLAttributes, 0],
});

export const italicMarkdown: MarkMarkdown = {
  parse: { em: { kind: 'mark' } },
  syntax: { kind: 'delimiter', delimiter: '*' },
};
