import { Node } from '@tiptap/core';
import type { InlineNodeMarkdown } from '../markdown/types';
import { isRefId } from '../ref-ids';
import { formatCitation } from '../rules/citation';

function toRefIds(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * An in-text citation of one or more references, `[ref_a; ref_b]` (spec 000 §3, §5).
 * Whether the ids exist in the paper's reference list is the view's concern (it shows the
 * formatted citation or a missing-reference warning); the document keeps every id as
 * written. Ids that are not `ref_` + letters/digits cannot be written and are left out.
 */
export const Reference = Node.create({
  name: 'reference',
  group: 'inline',
  inline: true,
  atom: true,
  addAttributes: () => ({
    refIds: {
      default: [],
      parseHTML: (element) =>
        (element.getAttribute('data-ref-ids') ?? '').split(/[;,]\s*/).filter(isRefId),
      renderHTML: (attributes) => ({ 'data-ref-ids': toRefIds(attributes.refIds).join(';') }),
    },
  }),
  parseHTML: () => [{ tag: 'span[data-type="reference"]' }],
  renderHTML: ({ node, HTMLAttributes }) => [
    'span',
    { ...HTMLAttributes, 'data-type': 'reference' },
    formatCitation(toRefIds(node.attrs.refIds)),
  ],
  renderText: ({ node }) => formatCitation(toRefIds(node.attrs.refIds)),
});

export const referenceMarkdown: InlineNodeMarkdown = {
  parse: { citation: { kind: 'atom', attrs: (token) => ({ refIds: token.meta?.refIds ?? [] }) } },
  toMarkdown: (node) => {
    const refIds = toRefIds(node.attrs.refIds).filter(isRefId);
    return refIds.length === 0 ? '' : formatCitation(refIds);
  },
  // markdown-it cannot read a bracketed citation inside link text.
  excludedMarks: ['link'],
};
