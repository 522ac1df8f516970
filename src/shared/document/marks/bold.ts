import { Mark } from '@tiptap/core';
import type { MarkMarkdown } from '../markdown/types';

/** `**bold**` */
export const Bold = Mark.create({
  name: 'bold',
  parseHTML: () => [
    { tag: 'strong' },
    { tag: 'b', getAttrs: (element) => element.style.fontWeight !== 'normal' && null },
    { style: 'font-weight=400', clearMark: (mark) => mark.type.name === 'bold' },
    { style: 'font-weight', getAttrs: (value) => /^(bold(er)?|[5-9]\d{2,})$/.test(value) && null },
  ],
  renderHTML: ({ HTMLAttributes }) => ['strong', HTMLAttributes, 0],
});

export const boldMarkdown: MarkMarkdown = {
  parse: { strong: { kind: 'mark' } },
  syntax: { kind: 'delimiter', delimiter: '**' },
};
