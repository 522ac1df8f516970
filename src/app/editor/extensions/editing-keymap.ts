import { Extension } from '@tiptap/core';
import { goToNextCell, tableEditing } from '@tiptap/pm/tables';

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
      Tab: () => cell(1) || editor.commands.sinkListItem('listItem'),
      'Shift-Tab': () => cell(-1) || editor.commands.liftListItem('listItem'),
    };
  },
  addProseMirrorPlugins() {
    return [tableEditing()];
  },
});
