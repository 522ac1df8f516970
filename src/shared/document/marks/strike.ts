import { Mark } from '@tiptap/core';
import type { MarkMarkdown } from '../markdown/types';

/** `~~struck through~~` */
export const Strike = Mark.create({
  name: 'strike',
  parseHTML: () => [
    { tag: 's' },
    { tag: 'del' },
    { tag: 'strike' },
    {
      style: 'text-decoration',
      consuming: false,
      getAttrs: (value) => value.includes('line-through') && null,
    },
  ],
  renderHTML: ({ HTMLAttributes }) => ['s', HTMLAttributes, 0],
});

export const strikeMarkdown: MarkMarkdown = {
  parse: { s: { kind: 'mark' } },
  syntax: { kind: 'delimiter', delimiter: '~~' },
};
