import type { Editor } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';

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
  const { tr } = editor.state;
  tr.replaceSelectionWith(node);
  // Put the cursor in the first header cell, where the user starts typing.
  const start = tr.mapping.map(editor.state.selection.from, -1);
  tr.setSelection(TextSelection.near(tr.doc.resolve(start + 3)));
  editor.view.dispatch(tr.scrollIntoView());
  editor.view.focus();
}
