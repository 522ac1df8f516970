import { Transform } from '@tiptap/pm/transform';
import { initProseMirrorDoc, relativePositionToAbsolutePosition } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import {
  addCommentMark,
  commentableRange,
  findComment,
  removeComment,
  renoteComment,
  type CommentPlace,
} from '../comment-edits';
import { schema } from '../schema';
import { withMarksFromAttributes } from './inline-node-marks';
import { applyNode, documentFragment } from './y-document';

/**
 * A change of comments in the text, made on the live document by whoever may comment
 * (docs/sharing.md, 'Comments'). A new comment's range is given as Yjs relative positions
 * (`LiveTextRange`), so it still covers the same characters when others typed meanwhile.
 */
export type CommentTextChange =
  | { kind: 'add'; range: LiveTextRange<Y.RelativePosition>; note: string }
  | { kind: 'renote'; at: CommentPlace; note: string }
  | { kind: 'remove'; at: CommentPlace };

/**
 * Applies the change to the Y document as the smallest change (only the comment's marks, or
 * a note's own words, differ). False when the commented text is gone or no longer has that
 * comment: nothing is changed then.
 */
export function changeCommentInText(
  ydoc: Y.Doc,
  change: CommentTextChange,
  origin: unknown,
): boolean {
  const fragment = documentFragment(ydoc);
  const { doc: bound, mapping } = initProseMirrorDoc(fragment, schema);
  const doc = withMarksFromAttributes(bound, schema);
  const tr = new Transform(doc);
  if (change.kind === 'add') {
    const first = absolute(ydoc, change.range.first, mapping);
    const to = absolute(ydoc, change.range.end, mapping);
    if (first === null || to === null || !commentableRange(doc, first - 1, to)) return false;
    addCommentMark(tr, first - 1, to, change.note);
  } else {
    const range = findComment(doc, change.at);
    if (!range) return false;
    if (change.kind === 'renote') renoteComment(tr, range, change.note);
    else removeComment(tr, range);
  }
  if (tr.docChanged) applyNode(ydoc, tr.doc, origin);
  return true;
}

/**
 * A range of text in the live document: the positions just after its first character and just
 * after its last. Each is tied to a character of the range (a Yjs relative position sticks to
 * the character before it), so text typed at either edge meanwhile stays outside it.
 */
export interface LiveTextRange<Position = unknown> {
  first: Position;
  end: Position;
}

/** The range of `from`..`to`, given a way to make a relative position of a ProseMirror one. */
export function liveTextRangeOf<Position>(
  from: number,
  to: number,
  relative: (pos: number) => Position,
): LiveTextRange<Position> {
  return { first: relative(from + 1), end: relative(to) };
}

type Mapping = ReturnType<typeof initProseMirrorDoc>['mapping'];

/** Where a relative position is now, or null when its text is gone or it is not this doc's. */
function absolute(ydoc: Y.Doc, position: Y.RelativePosition, mapping: Mapping): number | null {
  try {
    return relativePositionToAbsolutePosition(ydoc, documentFragment(ydoc), position, mapping);
  } catch {
    return null;
  }
}

/** A relative position as JSON (what the editor sends), or null when it is not one. */
export function relativePositionFromJSON(json: unknown): Y.RelativePosition | null {
  if (typeof json !== 'object' || json === null) return null;
  try {
    return Y.createRelativePositionFromJSON(json);
  } catch {
    return null;
  }
}
