import { Node } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { prefixLines } from '../markdown/prefix-lines';
import type { BlockContext, BlockNodeMarkdown, WrittenBlock } from '../markdown/types';

/**
 * A list item holds any blocks. Its markdown is indented under the marker; an item with no
 * text is the bare marker (`-`, `1.`).
 */
export const ListItem = Node.create({
  name: 'listItem',
  content: 'block+',
  defining: true,
  parseHTML: () => [{ tag: 'li' }],
  renderHTML: ({ HTMLAttributes }) => ['li', HTMLAttributes, 0],
});

/**
 * A nested list may follow its paragraph on the next line (`1. Step` / `   - detail`) only
 * when markdown lets a list interrupt a paragraph: a non-empty first item, and for ordered
 * lists a start of 1. Otherwise a blank line keeps the list from being read as text.
 */
function interruptsParagraph(markdown: string): boolean {
  return /^(?:[-*+]|1[.)])[ \t]+\S/.test(markdown);
}

function itemBody(item: ProseMirrorNode, context: BlockContext, marker: string): string {
  const parts: WrittenBlock[] = [];
  item.forEach((child) => {
    const written = context.block(child, parts[parts.length - 1] ?? null);
    if (written.markdown !== '') parts.push(written);
  });
  return parts
    .map((part, index) => {
      const before = parts[index - 1];
      // `- ---` would be one thematic break, not an item holding one.
      const markdown =
        index === 0 && part.node.type.name === 'horizontalRule' && marker === '-'
          ? '***'
          : part.markdown;
      if (!before) return markdown;
      const tight = before.node.type.name === 'paragraph' && interruptsParagraph(markdown);
      return (tight ? '\n' : '\n\n') + markdown;
    })
    .join('');
}

const THEMATIC_BREAK = /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

/** Writes `item` after `marker` (`-`, `*`, `3.` …), indenting its other lines to match. */
export function listItemToMarkdown(
  item: ProseMirrorNode,
  context: BlockContext,
  marker: string,
): string {
  const body = itemBody(item, context, marker);
  if (body === '') return marker;
  const indent = ' '.repeat(marker.length + 1);
  const written = prefixLines(body, `${marker} `, indent);
  // Nested empty items (`- - -`) would read as a thematic break: start the content on the
  // next line instead, which markdown allows for the first line of an item.
  if (!THEMATIC_BREAK.test(written.split('\n', 1)[0] as string)) return written;
  return `${marker}\n${prefixLines(body, indent, indent)}`;
}

export const listItemMarkdown: BlockNodeMarkdown = {
  parse: { list_item: { kind: 'container' } },
  toMarkdown: (node, context) => listItemToMarkdown(node, context, '-'),
};
