import type { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { markdownFor } from './markdown-io';

/** Replaces the whole document; not an edit of the user's, so neither undoable nor a change. */
export function loadMarkdown(editor: Editor, markdown: string): void {
  const doc = markdownFor(editor.schema).parse(markdown);
  const { tr } = editor.state;
  tr.replaceWith(0, tr.doc.content.size, doc.content);
  tr.setSelection(TextSelection.atStart(tr.doc));
  editor.view.dispatch(tr.setMeta('addToHistory', false).setMeta('preventUpdate', true));
}
