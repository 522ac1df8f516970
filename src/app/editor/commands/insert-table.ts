import type { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import { cursorAfterSelectedBlock } from './cursor-after-node';

/** Inserts an empty `rows` × `cols` table whose first row is the header (spec 000 §2.1). */
export function insertTable(editor: Editor, rows: number, cols: number): void {
  const { table, tableRow, tableHeader, tableCell } = editor.schema.nodes;
  if (!table || !tableRow || !tableHeader || !tableCell) return;
  const row = (cell: typeof tableCell) =>
    tableRow.create(
      null,
      Array.from({ length: cols }, () => cell.create()),
    );
  const node = table.create(null, [
    row(tableHeader),
    ...Array.from({ length: rows - 1 }, () => row(tableCell)),
  ]);
  // A selected block (an equation just inserted) stays: the table goes after it.
  const tr = cursorAfterSelectedBlock(editor.state.tr);
  const from = tr.selection.from;
  const mapped = tr.steps.length;
  tr.replaceSelectionWith(node);
  // Put the cursor in the first header cell, where the user starts typing.
  const start = tr.mapping.slice(mapped).map(from, -1);
  tr.setSelection(TextSelection.near(tr.doc.resolve(start + 3)));
  editor.view.dispatch(tr.scrollIntoView());
  editor.view.focus();
}
