import type { Editor } from '@tiptap/core';
import type { Fragment, Node as ProseMirrorNode } from '@tiptap/pm/model';
import { TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import {
  withProvenance,
  type ProvenanceAttrs,
} from '../../../shared/document/provenance/provenance';
import { PROVENANCE_SET_META } from '../live/author-provenance';
import { markdownFor } from '../markdown-io';

/**
 * The edit that puts `blocks` after the block holding the cursor, never inside a sentence; an
 * empty line at the cursor makes way for them. The cursor ends after the last block.
 */
export function blocksInsertion(state: EditorState, blocks: Fragment): Transaction {
  const content: ProseMirrorNode[] = [];
  blocks.forEach((node) => content.push(node));
  const { $from } = state.selection;
  const tr = state.tr;
  let from: number;
  if ($from.depth === 0) {
    from = state.selection.to;
    tr.insert(from, content);
  } else {
    const block = $from.node(1);
    const emptyLine = block.type.name === 'paragraph' && block.content.size === 0;
    from = emptyLine ? $from.before(1) : $from.after(1);
    tr.replaceWith(from, emptyLine ? $from.after(1) : from, content);
  }
  const end = from + content.reduce((size, node) => size + node.nodeSize, 0);
  return tr.setSelection(TextSelection.near(tr.doc.resolve(end), -1));
}

/**
 * Adds the blocks of `markdown` (a figure, a paragraph) after the cursor's block; an AI
 * result's `provenance` (docs/provenance.md) stays on them.
 */
export function insertBlocks(editor: Editor, markdown: string, provenance?: ProvenanceAttrs): void {
  const parsed = markdownFor(editor.schema).parse(markdown);
  const blocks = (provenance ? withProvenance(parsed, provenance, editor.schema) : parsed).content;
  const tr = blocksInsertion(editor.state, blocks).setMeta(
    PROVENANCE_SET_META,
    Boolean(provenance),
  );
  editor.view.dispatch(tr.scrollIntoView());
}
