import type { Transaction } from '@tiptap/pm/state';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';

/**
 * When `tr` selects a whole block (an equation, a diagram, a table just inserted), puts the
 * cursor on an empty line after it instead, creating that line if needed: a selected node is
 * replaced by the next keystroke, which deleted a new equation as soon as the user typed.
 */
export function cursorAfterSelectedBlock(tr: Transaction): Transaction {
  const { selection } = tr;
  if (!(selection instanceof NodeSelection) || selection.node.isInline) return tr;
  const end = selection.to;
  const next = tr.doc.resolve(end).nodeAfter;
  const paragraph = tr.doc.type.schema.nodes.paragraph;
  const emptyLineFollows = next !== null && next.type === paragraph && next.content.size === 0;
  if (!emptyLineFollows && paragraph) tr.insert(end, paragraph.create());
  return tr.setSelection(TextSelection.create(tr.doc, end + 1));
}
