import { Mark } from '@tiptap/core';
import type { MarkMarkdown } from '../markdown/types';
import { encodeCommentNote, looksLikeCitation } from '../rules/comment';

/**
 * A comment on a range of text (spec 000 §2.1, §3): `[commented text][[the comment]]`, or
 * `[[note]]` when the commented text is the note itself. See rules/comment.ts.
 */
export const Comment = Mark.create({
  name: 'comment',
  inclusive: false,
  addAttributes: () => ({
    comment: {
      default: '',
      parseHTML: (element) => element.getAttribute('data-comment') ?? '',
      renderHTML: (attributes) => ({ 'data-comment': attributes.comment }),
    },
  }),
  parseHTML: () => [{ tag: 'span[data-comment]' }],
  renderHTML: ({ HTMLAttributes }) => ['span', { ...HTMLAttributes, class: 'comment' }, 0],
});

export const commentMarkdown: MarkMarkdown = {
  parse: { comment: { kind: 'mark', attrs: (token) => ({ comment: token.meta?.comment ?? '' }) } },
  syntax: {
    kind: 'label',
    holdsLabels: true,
    tail: (mark) => `][[${encodeCommentNote(String(mark.attrs.comment ?? ''))}]]`,
    shortForm: (mark, text) => {
      const comment = String(mark.attrs.comment ?? '');
      if (text !== comment || text === '' || /[\r\n]/.test(text) || looksLikeCitation(text))
        return null;
      return `[[${encodeCommentNote(text)}]]`;
    },
  },
};
