import type { Editor } from '@tiptap/core';
import { isRefId } from '../../../shared/document';

/**
 * Inserts a citation of `refIds` at the cursor. Right after another citation the ids join
 * it, so citing twice in a row gives `[ref_a; ref_b]`, not two brackets.
 */
export function insertCitation(editor: Editor, refIds: readonly string[]): void {
  const ids = [...new Set(refIds.filter(isRefId))];
  const reference = editor.schema.nodes.reference;
  if (ids.length === 0 || !reference) return;
  const { state } = editor;
  const { $from } = state.selection;
  const before = state.selection.empty ? $from.nodeBefore : null;
  if (before?.type === reference) {
    const existing: unknown = before.attrs.refIds;
    const merged = [...new Set([...(Array.isArray(existing) ? existing : []), ...ids])];
    const pos = $from.pos - before.nodeSize;
    editor.view.dispatch(
      state.tr.setNodeMarkup(pos, undefined, { ...before.attrs, refIds: merged }),
    );
    return;
  }
  const needsSpace = $from.nodeBefore?.isText && !/\s$/.test($from.nodeBefore.text ?? '');
  const tr = state.tr;
  if (needsSpace) tr.insertText(' ');
  tr.replaceSelectionWith(reference.create({ refIds: ids }), true);
  editor.view.dispatch(tr.scrollIntoView());
}
