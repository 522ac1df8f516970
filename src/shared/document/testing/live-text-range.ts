import { absolutePositionToRelativePosition, initProseMirrorDoc } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import { liveTextRangeOf, type LiveTextRange } from '../live/comment-in-text';
import { documentFragment, yDocToNode } from '../live/y-document';
import { schema } from '../schema';

/**
 * The first occurrence of `text` in a copy of a live document, as the JSON relative positions
 * an editor sends to have it commented (useCommenting's liveRange does the same from its
 * binding).
 */
export function liveTextRange(ydoc: Y.Doc, text: string): LiveTextRange {
  const { mapping } = initProseMirrorDoc(documentFragment(ydoc), schema);
  let from = -1;
  yDocToNode(ydoc).descendants((node, pos) => {
    const at = node.isText ? (node.text ?? '').indexOf(text) : -1;
    if (at >= 0 && from < 0) from = pos + at;
  });
  if (from < 0) throw new Error(`'${text}' is not in the document`);
  const relative = (pos: number) =>
    Y.relativePositionToJSON(
      absolutePositionToRelativePosition(pos, documentFragment(ydoc), mapping),
    );
  return liveTextRangeOf(from, from + text.length, relative);
}
