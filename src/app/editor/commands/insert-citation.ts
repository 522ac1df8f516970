import type { Editor } from '@tiptap/core';
import { TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import { isRefId, nodeStartsWord } from '../../../shared/document';

/**
 * The edit that cites `refIds` at the cursor, or null when there is nothing to cite. Right
 * after another citation the ids join it, so citing twice in a row gives `[ref_a; ref_b]`,
 * not two brackets. Where prose continues a space is kept on each side ('increases
 * [ref_a] in'), and the cursor stays in front of the text that followed it.
 */
export function citationInsertion(
  state: EditorState,
  refIds: readonly string[],
): Transaction | null {
  const ids = [...new Set(refIds.filter(isRefId))];
  const reference = state.schema.nodes.reference;
  if (ids.length === 0 || !reference) return null;
  const { $from } = state.selection;
  const before = state.selection.empty ? $from.nodeBefore : null;
  if (before?.type === reference) {
    const existing: unknown = before.attrs.refIds;
    const merged = [...new Set([...(Array.isArray(existing) ? existing : []), ...ids])];
    const pos = $from.pos - before.nodeSize;
    return state.tr.setNodeMarkup(pos, undefined, { ...before.attrs, refIds: merged });
  }
  const citation = reference.create({ refIds: ids });
  const tr = state.tr.replaceSelectionWith(citation, true);
  const end = tr.selection.from;
  const $end = tr.doc.resolve(end);
  if ($end.nodeBefore?.type !== reference) return tr;
  let cursor = end;
  if (nodeStartsWord($end.nodeAfter)) {
    tr.insertText(' ', end);
    cursor += 1;
  }
  const start = end - citation.nodeSize;
  const textBefore = tr.doc.resolve(start).nodeBefore;
  if (textBefore?.isText && !/\s$/.test(textBefore.text ?? '')) {
    tr.insertText(' ', start);
    cursor += 1;
  }
  return tr.setSelection(TextSelection.create(tr.doc, cursor));
}

/** Cites `refIds` at the cursor (see citationInsertion). */
export function insertCitation(editor: Editor, refIds: readonly string[]): void {
  const tr = citationInsertion(editor.state, refIds);
  if (tr) editor.view.dispatch(tr.scrollIntoView());
}
