import type { Editor } from '@tiptap/core';

export interface TextRange {
  from: number;
  to: number;
}

/** The selected text range, or null when nothing is selected (a comment needs text). */
export function selectedRange(editor: Editor): TextRange | null {
  const { from, to, empty } = editor.state.selection;
  if (empty || editor.state.doc.textBetween(from, to, ' ', ' ').trim() === '') return null;
  return { from, to };
}

/**
 * Comments `range` with `note` (spec 000 §2.1; written `[text][[note]]`). Comments do not
 * nest, so a comment already inside the range gives way to the new one.
 */
export function addComment(editor: Editor, range: TextRange, note: string): void {
  const type = editor.schema.marks.comment;
  if (!type) return;
  const tr = editor.state.tr.removeMark(range.from, range.to, type);
  tr.addMark(range.from, range.to, type.create({ comment: note }));
  // In a read-only editor a commenter adds it, and the comment UI saves it (not the typing).
  if (!editor.isEditable) tr.setMeta('preventUpdate', true);
  editor.view.dispatch(tr);
  editor.view.focus();
}
