import type { Editor } from '@tiptap/core';
import { addCommentMark } from '../../../shared/document/comment-edits';

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

/** Comments `range` with `note` in the editor (spec 000 §2.1; written `[text][[note]]`). */
export function addComment(editor: Editor, range: TextRange, note: string): void {
  const { tr } = editor.state;
  addCommentMark(tr, range.from, range.to, note);
  editor.view.dispatch(tr);
  editor.view.focus();
}
