import { Mark } from '@tiptap/core';
import { formatLinkDestination, formatLinkTitle, isWritableUrl } from '../markdown/link-parts';
import type { MarkMarkdown } from '../markdown/types';

/**
 * `[text](href "title")`. Targets are kept exactly as written. Targets markdown refuses
 * (`javascript:` and the like) are neither read nor written, so they cannot reach a page.
 */
export const Link = Mark.create({
  name: 'link',
  inclusive: false,
  addAttributes: () => ({
    href: { default: '' },
    title: { default: null },
  }),
  parseHTML: () => [
    {
      tag: 'a[href]',
      getAttrs: (element) => (isWritableUrl(element.getAttribute('href') ?? '') ? null : false),
    },
  ],
  // A mark set by a command or an old document may still hold an unsafe target: never render it.
  renderHTML: ({ HTMLAttributes }) => [
    'a',
    {
      ...HTMLAttributes,
      href: isWritableUrl(String(HTMLAttributes.href ?? '')) ? HTMLAttributes.href : null,
      rel: 'noopener noreferrer nofollow',
      target: '_blank',
    },
    0,
  ],
});

export const linkMarkdown: MarkMarkdown = {
  parse: {
    link: {
      kind: 'mark',
      attrs: (token) => ({
        href: token.attrGet('href') ?? '',
        title: token.attrGet('title') ?? null,
      }),
    },
  },
  syntax: {
    kind: 'label',
    tail: (mark) =>
      `](${formatLinkDestination(String(mark.attrs.href ?? ''))}${formatLinkTitle(mark.attrs.title)})`,
    isWritable: (mark) => isWritableUrl(String(mark.attrs.href ?? '')),
    holdsLabels: false,
  },
};
