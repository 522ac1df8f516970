import type { Editor } from '@tiptap/core';

/** The selected text, or the text of the block holding the cursor when nothing is selected. */
export function selectionOrParagraphText(editor: Editor): string {
  const { selection, doc } = editor.state;
  if (!selection.empty) return doc.textBetween(selection.from, selection.to, ' ', ' ').trim();
  return selection.$from.parent.textContent.trim();
}
