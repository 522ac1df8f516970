import { Node } from '@tiptap/core';
import type { BlockNodeMarkdown } from '../markdown/types';
import { REF_ID_PREFIX, isRefId } from '../ref-ids';
import { formatBibliographyMarker } from '../rules/bibliography';

/** Keeps whatever letters and digits an id has, so a damaged id still writes a marker. */
function toRefId(value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  if (isRefId(text)) return text;
  const digits = text.replace(REF_ID_PREFIX, '').replace(/[^A-Za-z0-9]/g, '');
  return `${REF_ID_PREFIX}${digits === '' ? 'missing' : digits}`;
}

/**
 * One bibliography entry, `[xref_abc12345] Formatted reference text` (spec 000 §3, §5).
 * `refId` is the referenced id (`ref_abc12345`); the text is ordinary inline content. Entries
 * only live inside a bibliography block. The view shows `[Missing reference: {id}]` when the
 * id is not in the paper's list.
 */
export const Bibliography = Node.create({
  name: 'bibliography',
  content: 'inline*',
  defining: true,
  addAttributes: () => ({
    refId: {
      default: '',
      parseHTML: (element) => element.getAttribute('data-ref-id') ?? '',
      renderHTML: (attributes) => ({ 'data-ref-id': attributes.refId }),
    },
  }),
  parseHTML: () => [{ tag: 'p[data-type="bibliography"]' }],
  renderHTML: ({ HTMLAttributes }) => ['p', { ...HTMLAttributes, 'data-type': 'bibliography' }, 0],
});

export const bibliographyMarkdown: BlockNodeMarkdown = {
  parse: {
    bibliography_entry: {
      kind: 'container',
      attrs: (token) => ({ refId: token.meta?.refId ?? '' }),
    },
  },
  toMarkdown: (node, context) => {
    const marker = formatBibliographyMarker(toRefId(node.attrs.refId));
    const text = context.inline(node, { firstLineStartsBlock: false, singleLine: false });
    return text === '' ? marker : `${marker} ${text}`;
  },
};
