import type { Editor } from '@tiptap/core';
import { removeCitationsFromDoc } from '../../../shared/document';

/**
 * 'Remove all citations' (spec 000 §5) with the document module's rule, applied as one
 * transaction over the changed span only, so it is a single undo step and leaves the rest
 * of a long paper's rendering alone.
 */
export function removeAllCitations(editor: Editor): void {
  const { doc } = editor.state;
  const stripped = removeCitationsFromDoc(doc);
  const start = doc.content.findDiffStart(stripped.content);
  const end = doc.content.findDiffEnd(stripped.content);
  if (start === null || !end) return;
  // Repeated content around the change lets both scans claim it; give it back to the end.
  const overlap = Math.max(0, start - Math.min(end.a, end.b));
  const endA = end.a + overlap;
  const endB = end.b + overlap;
  editor.view.dispatch(editor.state.tr.replace(start, endA, stripped.slice(start, endB)));
}
