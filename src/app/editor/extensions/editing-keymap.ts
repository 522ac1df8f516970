import { Extension, type Editor } from '@tiptap/core';
import { goToNextCell, tableEditing } from '@tiptap/pm/tables';

/** ArrowDown at the very end of a code block that ends the document opens a line after it. */
function leaveLastCodeBlock(editor: Editor): boolean {
  const { $from, empty } = editor.state.selection;
  const atEnd =
    empty &&
    $from.parent.type.spec.code === true &&
    $from.parentOffset === $from.parent.content.size;
  return atEnd && $from.after() === editor.state.doc.content.size && editor.commands.exitCode();
}

/**
 * Editing behaviour the headless document extensions leave to the app: mark and block
 * shortcuts, list item splitting and nesting, and table cell navigation.
 */
export const EditingKeymap = Extension.create({
  name: 'editingKeymap',
  addKeyboardShortcuts() {
    const { editor } = this;
    const cell = (direction: 1 | -1) =>
      goToNextCell(direction)(editor.state, (tr) => editor.view.dispatch(tr));
    return {
      'Mod-b': () => editor.commands.toggleMark('bold'),
      'Mod-i': () => editor.commands.toggleMark('italic'),
      'Mod-e': () => editor.commands.toggleMark('code'),
      'Mod-Shift-8': () => editor.commands.toggleList('bulletList', 'listItem'),
      'Mod-Shift-7': () => editor.commands.toggleList('orderedList', 'listItem'),
      Enter: () => editor.commands.splitListItem('listItem'),
      // Leaving a code block (the diagram or code just created by typing a fence).
      'Mod-Enter': () => editor.commands.exitCode(),
      ArrowDown: () => leaveLastCodeBlock(editor),
      Tab: () => cell(1) || editor.commands.sinkListItem('listItem'),
      'Shift-Tab': () => cell(-1) || editor.commands.liftListItem('listItem'),
    };
  },
  addProseMirrorPlugins() {
    return [tableEditing()];
  },
});
