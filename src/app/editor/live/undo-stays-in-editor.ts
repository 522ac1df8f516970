import { Extension } from '@tiptap/core';

/**
 * Undo and redo with nothing left to undo or redo do nothing. Without this the keys fall through
 * to the browser's own contenteditable undo, which edits the page behind ProseMirror's back; the
 * edit is then read as this tab's typing, and that new change empties the Yjs redo stack.
 * Below the collaboration extension's keymap, which handles the keys when it can.
 */
export const UndoStaysInEditor = Extension.create({
  name: 'undoStaysInEditor',
  priority: 50,
  addKeyboardShortcuts: () => ({
    'Mod-z': () => true,
    'Shift-Mod-z': () => true,
    'Mod-y': () => true,
  }),
});
