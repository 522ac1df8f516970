import type { Mark, Node as ProseMirrorNode, ResolvedPos } from '@tiptap/pm/model';
import { TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';

const COMMENT = 'comment';

/**
 * A note: a comment written in its own words, `[[note]]` in markdown (spec 000 §3), whose text
 * is the note itself rather than paper text. A section's purpose is one (the wizard saves each
 * heading with a paragraph `[[purpose]] [citation]`). Notes guide the writer, so the editor
 * keeps the writer's typing out of them (issue 33 item 10).
 */
export interface NoteRange {
  from: number;
  to: number;
  mark: Mark;
}

/** The notes of one textblock, with their positions in the document. */
function notesIn(block: ProseMirrorNode, start: number): NoteRange[] {
  const notes: NoteRange[] = [];
  let open: { from: number; to: number; mark: Mark; text: string } | null = null;
  const close = () => {
    if (open && open.text === String(open.mark.attrs.comment ?? '') && open.text !== '') {
      notes.push({ from: open.from, to: open.to, mark: open.mark });
    }
    open = null;
  };
  block.forEach((child, offset) => {
    const mark = child.isText ? child.marks.find((m) => m.type.name === COMMENT) : undefined;
    const from = start + offset;
    if (open && mark && mark.eq(open.mark)) {
      open.to = from + child.nodeSize;
      open.text += child.text ?? '';
      return;
    }
    close();
    if (mark) open = { from, to: from + child.nodeSize, mark, text: child.text ?? '' };
  });
  close();
  return notes;
}

/** Every note of the document. */
export function documentNotes(doc: ProseMirrorNode): NoteRange[] {
  const notes: NoteRange[] = [];
  doc.descendants((node, pos) => {
    if (!node.isTextblock) return true;
    notes.push(...notesIn(node, pos + 1));
    return false;
  });
  return notes;
}

/**
 * A paragraph that opens with a note and holds nothing after it but citations and spaces: a
 * purpose, which the writer's text follows rather than joins.
 */
function isPurposeParagraph(block: ProseMirrorNode, note: NoteRange, start: number): boolean {
  if (block.type.name !== 'paragraph' || note.from !== start) return false;
  let rest = true;
  block.forEach((child, offset) => {
    if (start + offset < note.to) return;
    if (child.isText ? (child.text ?? '').trim() !== '' : child.type.name !== 'reference') {
      rest = false;
    }
  });
  return rest;
}

type Landing = { kind: 'after-note'; pos: number } | { kind: 'next-paragraph'; after: number };

/**
 * Where text typed at `$pos` goes when the caret is in a note: inside a purpose paragraph (or
 * at its end), into the paragraph after it; strictly inside another note, just after the note.
 * Null when the caret is not in a note.
 */
function landing($pos: ResolvedPos): Landing | null {
  const block = $pos.parent;
  if (!block.isTextblock) return null;
  const start = $pos.start();
  for (const note of notesIn(block, start)) {
    if (isPurposeParagraph(block, note, start) && $pos.pos >= note.from) {
      return { kind: 'next-paragraph', after: $pos.after() };
    }
    if ($pos.pos > note.from && $pos.pos < note.to) return { kind: 'after-note', pos: note.to };
  }
  return null;
}

/**
 * The transaction that puts `text` where a caret in a note sends it (an empty paragraph right
 * after a purpose is filled rather than another one added), or null when typing is not in a
 * note. `text` '' only moves the caret there (Enter).
 */
export function typeBesideNote(state: EditorState, text: string): Transaction | null {
  const { selection } = state;
  if (!selection.empty) return null;
  const target = landing(selection.$from);
  if (!target) return null;
  const { tr, schema } = state;
  if (target.kind === 'after-note') {
    if (text) tr.insertText(text, target.pos);
    return tr.setSelection(TextSelection.create(tr.doc, target.pos + text.length)).scrollIntoView();
  }
  const next = state.doc.resolve(target.after).nodeAfter;
  const paragraph = schema.nodes.paragraph;
  if (!paragraph) return null;
  if (next?.type === paragraph && next.content.size === 0) {
    if (text) tr.insertText(text, target.after + 1);
  } else {
    tr.insert(target.after, paragraph.create(null, text ? schema.text(text) : null));
  }
  return tr
    .setSelection(TextSelection.create(tr.doc, target.after + 1 + text.length))
    .scrollIntoView();
}
