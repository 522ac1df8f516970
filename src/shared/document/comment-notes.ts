/**
 * Comments read and removed on the document (docs/sharing.md, 'Comments'): the markdown
 * holds each comment's note in the spec's `[[note]]` form, and its thread (author, time,
 * replies, resolved) is found from that note. Works on the parsed document, so code and
 * escaped brackets are never mistaken for comments.
 */
import { Fragment, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import { parseMarkdown, serializeMarkdown } from './schema';

const COMMENT = 'comment';

/** Each comment of a document, in document order: its note and where its range starts. */
export function commentStartsOfDoc(doc: ProseMirrorNode): { note: string; from: number }[] {
  const starts: { note: string; from: number }[] = [];
  let open: string | null = null;
  doc.descendants((node, pos) => {
    if (node.isBlock) open = null;
    if (!node.isInline) return true;
    const mark = node.marks.find((candidate) => candidate.type.name === COMMENT);
    const note = mark ? String(mark.attrs.comment ?? '') : null;
    if (note !== null && note !== open) starts.push({ note, from: pos });
    open = note;
    return false;
  });
  return starts;
}

/** The notes of a document's comments, in document order, one per commented range. */
export function commentNotesOfDoc(doc: ProseMirrorNode): string[] {
  return commentStartsOfDoc(doc).map((start) => start.note);
}

/**
 * Which of the comments with `note` starts at `from` (0 for the first in document order): a
 * thread is matched to its comment by note and this count.
 */
export function commentOccurrence(doc: ProseMirrorNode, note: string, from: number): number {
  return commentStartsOfDoc(doc).filter((start) => start.note === note && start.from < from).length;
}

export function commentNotes(markdown: string): string[] {
  return commentNotesOfDoc(parseMarkdown(markdown));
}

/**
 * Removes the comments `remove` chooses, given each comment's note and its position among
 * the document's comments (as `commentNotesOfDoc` counts them). The commented text stays,
 * except for a bare note (`[[note]]`, the note being its own text), which goes with it.
 */
export function removeCommentsFromDoc(
  doc: ProseMirrorNode,
  remove: (note: string, index: number) => boolean,
): ProseMirrorNode {
  let index = -1;
  const strip = (node: ProseMirrorNode): ProseMirrorNode => {
    if (node.isTextblock) {
      const children: ProseMirrorNode[] = [];
      let open: string | null = null;
      let removing = false;
      node.forEach((child) => {
        const mark = child.marks.find((candidate) => candidate.type.name === COMMENT);
        const note = mark ? String(mark.attrs.comment ?? '') : null;
        if (note !== null && note !== open) {
          index += 1;
          removing = remove(note, index);
        }
        open = note;
        if (!mark || note === null || !removing) {
          children.push(child);
          return;
        }
        if (child.isText && child.text === note) return;
        children.push(child.mark(mark.removeFromSet(child.marks)));
      });
      return node.type.create(node.attrs, Fragment.fromArray(children), node.marks);
    }
    if (node.isLeaf) return node;
    const children: ProseMirrorNode[] = [];
    node.forEach((child) => children.push(strip(child)));
    return node.type.create(node.attrs, Fragment.fromArray(children), node.marks);
  };
  return strip(doc);
}

export function removeComments(
  markdown: string,
  remove: (note: string, index: number) => boolean,
): string {
  if (!markdown.includes('[[')) return markdown;
  return serializeMarkdown(removeCommentsFromDoc(parseMarkdown(markdown), remove));
}

/**
 * Whether `after` is `before` with comments added, changed or removed and nothing else: what
 * a commenter may save.
 */
export function differsOnlyInComments(before: string, after: string): boolean {
  const all = () => true;
  return removeComments(before, all) === removeComments(after, all);
}
