import { Extension } from '@tiptap/core';
import type { JSONContent } from '@tiptap/core';
import type { Node as ProseMirrorNode, Schema } from '@tiptap/pm/model';

/**
 * y-prosemirror keeps the marks of text but not those of inline nodes (a comment around a
 * citation or an equation would be lost in the live document). These nodes therefore carry
 * their marks in an attribute too, `yMarks`, which Yjs does keep; it is written before a
 * document goes into Yjs and read back into marks when one comes out. Markdown and the
 * rendered page never see it.
 */
export const INLINE_MARKED_NODES = ['reference', 'inlineEquation', 'image', 'hardBreak'];
export const INLINE_MARKS_ATTRIBUTE = 'yMarks';

export const InlineNodeMarks = Extension.create({
  name: 'inlineNodeMarks',
  addGlobalAttributes: () => [
    {
      types: INLINE_MARKED_NODES,
      attributes: {
        [INLINE_MARKS_ATTRIBUTE]: { default: null, rendered: false, keepOnSplit: false },
      },
    },
  ],
});

type MarkJSON = NonNullable<JSONContent['marks']>[number];

function mapInlineNodes(
  json: JSONContent,
  change: (node: JSONContent) => JSONContent,
): JSONContent {
  const changed = json.type && INLINE_MARKED_NODES.includes(json.type) ? change(json) : json;
  if (!changed.content) return changed;
  return { ...changed, content: changed.content.map((child) => mapInlineNodes(child, change)) };
}

function sameMarks(a: readonly MarkJSON[] | null | undefined, b: readonly MarkJSON[] | undefined) {
  return JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
}

/** The document as it goes into Yjs: every inline node's marks copied into `yMarks`. */
export function withMarksInAttributes(doc: ProseMirrorNode, schema: Schema): ProseMirrorNode {
  const json = mapInlineNodes(doc.toJSON() as JSONContent, (node) => {
    const marks = node.marks && node.marks.length > 0 ? node.marks : null;
    const stored = (node.attrs?.[INLINE_MARKS_ATTRIBUTE] as MarkJSON[] | null | undefined) ?? null;
    if (sameMarks(stored, marks ?? undefined)) return node;
    return { ...node, attrs: { ...node.attrs, [INLINE_MARKS_ATTRIBUTE]: marks } };
  });
  return schema.nodeFromJSON(json);
}

/** The document as it comes out of Yjs: every inline node's marks read back from `yMarks`. */
export function withMarksFromAttributes(doc: ProseMirrorNode, schema: Schema): ProseMirrorNode {
  const json = mapInlineNodes(doc.toJSON() as JSONContent, (node) => {
    const stored = node.attrs?.[INLINE_MARKS_ATTRIBUTE] as MarkJSON[] | null | undefined;
    if (!stored || sameMarks(stored, node.marks)) return node;
    return { ...node, marks: stored };
  });
  return schema.nodeFromJSON(json);
}
