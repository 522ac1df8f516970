import { Node } from '@tiptap/core';
import type { BlockNodeMarkdown } from '../markdown/types';

const LEVELS = [1, 2, 3, 4, 5, 6] as const;
export type HeadingLevel = (typeof LEVELS)[number];

export function toHeadingLevel(value: unknown): HeadingLevel {
  const level = Math.round(Number(value));
  return (LEVELS as readonly number[]).includes(level) ? (level as HeadingLevel) : 2;
}

/**
 * A heading, `#` to `######`. Its display number (level 1 resets, levels 2-6 are dotted,
 * spec 000 §2.1) is computed by `headingNumbers`, never stored, so markdown stays plain.
 */
export const NumberedHeading = Node.create({
  name: 'numberedHeading',
  group: 'block',
  content: 'inline*',
  defining: true,
  addAttributes: () => ({
    level: { default: 2, rendered: false },
  }),
  parseHTML: () => LEVELS.map((level) => ({ tag: `h${level}`, attrs: { level } })),
  renderHTML: ({ node, HTMLAttributes }) => [
    `h${toHeadingLevel(node.attrs.level)}`,
    HTMLAttributes,
    0,
  ],
});

/** A trailing ` #` run would be read as ATX closing markers and dropped. */
function protectClosingHashes(content: string): string {
  return content.replace(/(^|[ \t])(#+[ \t]*)$/, '$1\\$2');
}

export const numberedHeadingMarkdown: BlockNodeMarkdown = {
  parse: {
    heading: {
      kind: 'container',
      attrs: (token) => ({ level: toHeadingLevel(token.tag.slice(1)) }),
    },
  },
  toMarkdown: (node, context) => {
    const marker = '#'.repeat(toHeadingLevel(node.attrs.level));
    const content = protectClosingHashes(
      context.inline(node, { firstLineStartsBlock: false, singleLine: true }),
    );
    return content === '' ? marker : `${marker} ${content}`;
  },
};
