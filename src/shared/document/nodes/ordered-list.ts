import { Node } from '@tiptap/core';
import type { BlockNodeMarkdown } from '../markdown/types';
import { listItemToMarkdown } from './list-item';

/** markdown-it reads at most nine digits as a list number. */
const MAX_NUMBER = 999_999_999;

function toStart(value: unknown, itemCount: number): number {
  const start = Math.round(Number(value));
  if (!Number.isFinite(start) || start < 0) return 1;
  return Math.min(start, MAX_NUMBER - itemCount + 1);
}

/**
 * `1. item`, numbered on from `start` (kept, spec: "keep start number"). A list directly
 * after another ordered list switches from `.` to `)` so the two stay separate.
 */
export const OrderedList = Node.create({
  name: 'orderedList',
  group: 'block',
  content: 'listItem+',
  addAttributes: () => ({
    start: {
      default: 1,
      parseHTML: (element) => Number(element.getAttribute('start') ?? 1),
      renderHTML: (attributes) => (attributes.start === 1 ? {} : { start: attributes.start }),
    },
  }),
  parseHTML: () => [{ tag: 'ol' }],
  renderHTML: ({ HTMLAttributes }) => ['ol', HTMLAttributes, 0],
});

export const orderedListMarkdown: BlockNodeMarkdown = {
  parse: {
    ordered_list: {
      kind: 'container',
      attrs: (token) => ({ start: Number(token.attrGet('start') ?? 1) }),
    },
  },
  toMarkdown: (node, context) => {
    const { previous } = context;
    const previousUsedDot =
      previous?.node.type.name === node.type.name && /^\d+\./.test(previous.markdown);
    const delimiter = previousUsedDot ? ')' : '.';
    const start = toStart(node.attrs.start, node.childCount);
    const items: string[] = [];
    node.forEach((item, _offset, index) => {
      items.push(listItemToMarkdown(item, context, `${start + index}${delimiter}`));
    });
    return items.join('\n');
  },
};
