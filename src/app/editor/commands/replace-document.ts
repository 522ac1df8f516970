import type { Editor } from '@tiptap/core';
import { markdownFor } from '../markdown-io';

/**
 * Transaction meta saying the new text's citations were checked already (a section rewrite's),
 * so the chunk analysis does not check them again.
 */
export const CITATIONS_CHECKED_META = 'citationsChecked';

/**
 * Replaces the document with `markdown` as an edit of the user's: undoable in one step and
 * reported as a change, so the paper shows unsaved changes until it is saved.
 */
export function replaceDocument(editor: Editor, markdown: string): void {
  const doc = markdownFor(editor.schema).parse(markdown);
  const { tr } = editor.state;
  tr.replaceWith(0, tr.doc.content.size, doc.content).setMeta(CITATIONS_CHECKED_META, true);
  editor.view.dispatch(tr.scrollIntoView());
}
