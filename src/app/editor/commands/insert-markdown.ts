import type { Editor } from '@tiptap/core';
import { Slice } from '@tiptap/pm/model';
import { markdownFor } from '../markdown-io';

/** Parses `markdown` in the document format and inserts it at the cursor, open-ended. */
export function insertMarkdown(editor: Editor, markdown: string): void {
  const doc = markdownFor(editor.schema).parse(markdown);
  editor.view.dispatch(
    editor.state.tr.replaceSelection(Slice.maxOpen(doc.content)).scrollIntoView(),
  );
}
