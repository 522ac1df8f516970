import type { Editor } from '@tiptap/core';
import type { Fragment, Node as ProseMirrorNode } from '@tiptap/pm/model';
import { TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import { markdownFor } from '../markdown-io';

/** The heading put above a generated reference list in a paper that has none. */
export const REFERENCES_HEADING = 'References';

const REFERENCES_TITLE = /^\s*(references|bibliography|reference list)\s*$/i;

function isHeading(node: ProseMirrorNode): boolean {
  return node.type.name === 'numberedHeading';
}

function hasReferencesHeading(doc: ProseMirrorNode): boolean {
  let found = false;
  doc.forEach((node) => {
    if (isHeading(node) && REFERENCES_TITLE.test(node.textContent)) found = true;
  });
  return found;
}

// A level-1 heading is the paper's title (000 §2.1) and sections are level 2, unless the paper
// uses several level-1 headings as its sections; the References heading is a section either way.
function sectionLevel(doc: ProseMirrorNode): number {
  let titles = 0;
  doc.forEach((node) => {
    if (isHeading(node) && node.attrs.level === 1) titles += 1;
  });
  return titles > 1 ? 1 : 2;
}

/**
 * The edit that adds a reference list (`list`, parsed bibliography blocks) as blocks of its own
 * after the block holding the cursor, never inside a sentence; an empty line at the cursor
 * makes way for it. A paper without a References heading gets one above the list. The cursor
 * ends after the last entry.
 */
export function referenceListInsertion(state: EditorState, list: Fragment): Transaction {
  const { doc, schema, selection } = state;
  const heading = schema.nodes.numberedHeading;
  const content: ProseMirrorNode[] = [];
  if (heading && !hasReferencesHeading(doc)) {
    content.push(heading.create({ level: sectionLevel(doc) }, schema.text(REFERENCES_HEADING)));
  }
  list.forEach((node) => content.push(node));
  const { $from } = selection;
  const tr = state.tr;
  let from: number;
  if ($from.depth === 0) {
    from = selection.to;
    tr.insert(from, content);
  } else {
    const block = $from.node(1);
    const emptyLine = block.type.name === 'paragraph' && block.content.size === 0;
    from = emptyLine ? $from.before(1) : $from.after(1);
    tr.replaceWith(from, emptyLine ? $from.after(1) : from, content);
  }
  const end = from + content.reduce((size, node) => size + node.nodeSize, 0);
  return tr.setSelection(TextSelection.near(tr.doc.resolve(end), -1));
}

/** Adds the reference list `markdown` (`[xref_…] text` lines) after the cursor's block. */
export function insertReferenceList(editor: Editor, markdown: string): void {
  const list = markdownFor(editor.schema).parse(markdown).content;
  editor.view.dispatch(referenceListInsertion(editor.state, list).scrollIntoView());
}
