/**
 * The changes a comment makes to the text (spec 000 §2.1), as steps on a ProseMirror
 * transform: the editor applies them to its own state, the server to the live document
 * (live/comment-in-text.ts), so both change comments the same way.
 */
import { getMarkRange } from '@tiptap/core';
import type { Mark, Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { Transform } from '@tiptap/pm/transform';
import { commentStartsOfDoc } from './comment-notes';

const COMMENT = 'comment';

/** Where a comment is: the n-th (from 0) comment with this note, in document order. */
export interface CommentPlace {
  note: string;
  occurrence: number;
}

export interface CommentRange {
  from: number;
  to: number;
  mark: Mark;
}

/** Whether `from`..`to` holds text a comment can be put on. */
export function commentableRange(doc: ProseMirrorNode, from: number, to: number): boolean {
  return from < to && doc.textBetween(from, to, ' ', ' ').trim() !== '';
}

/**
 * Comments `from`..`to` with `note` (written `[text][[note]]`). Comments do not nest, so a
 * comment already inside the range gives way to the new one.
 */
export function addCommentMark(tr: Transform, from: number, to: number, note: string): void {
  const type = tr.doc.type.schema.marks[COMMENT];
  if (!type) return;
  tr.removeMark(from, to, type);
  tr.addMark(from, to, type.create({ comment: note }));
}

/** The comment whose range starts at `pos` or holds it. */
export function commentRangeAt(doc: ProseMirrorNode, pos: number): CommentRange | null {
  const type = doc.type.schema.marks[COMMENT];
  if (!type) return null;
  const $pos = doc.resolve(pos);
  const mark = [...$pos.marks(), ...($pos.nodeAfter?.marks ?? [])].find(
    (candidate) => candidate.type === type,
  );
  if (!mark) return null;
  const range = getMarkRange($pos, type, mark.attrs);
  return range ? { ...range, mark } : null;
}

/** The comment at `place`, or null when the document has no such comment (any more). */
export function findComment(doc: ProseMirrorNode, place: CommentPlace): CommentRange | null {
  const start = commentStartsOfDoc(doc).filter((candidate) => candidate.note === place.note)[
    place.occurrence
  ];
  return start ? commentRangeAt(doc, start.from) : null;
}

/**
 * Gives the comment a new note over its whole range. A note that is its own text (`[[note]]`,
 * a section's purpose) changes its words with it, so it stays a note.
 */
export function renoteComment(tr: Transform, range: CommentRange, note: string): void {
  const { type } = range.mark;
  const renoted = type.create({ ...range.mark.attrs, comment: note });
  const current = tr.doc.textBetween(range.from, range.to);
  if (current === String(range.mark.attrs.comment ?? '') && note) {
    const marks = renoted.addToSet(tr.doc.nodeAt(range.from)?.marks ?? []);
    tr.replaceWith(range.from, range.to, tr.doc.type.schema.text(note, marks));
  } else {
    tr.removeMark(range.from, range.to, type);
    tr.addMark(range.from, range.to, renoted);
  }
}

/** Removes the comment; its text stays. */
export function removeComment(tr: Transform, range: CommentRange): void {
  tr.removeMark(range.from, range.to, range.mark.type);
}
