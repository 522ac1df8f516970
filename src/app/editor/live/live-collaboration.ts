import Collaboration from '@tiptap/extension-collaboration';

/**
 * Tiptap's collaboration extension (the editor bound to the live document, undo and redo per
 * user through Yjs's undo manager) with undo keys that always stop at the editor.
 *
 * Its own keys answer 'not handled' when the Yjs stack is empty, and ProseMirror's keymap then
 * tries the key without Shift: Shift+Mod+Z with nothing left to redo ran undo (the key a browser
 * reports with Shift held may be 'z', as Chromium on macOS and Playwright do), so pressing
 * redo once too often took the text away again. Unhandled, the keys would also reach the
 * browser's own contenteditable undo, which edits the page behind ProseMirror's back.
 */
export const LiveCollaboration = Collaboration.extend({
  addKeyboardShortcuts() {
    const undo = () => {
      this.editor.commands.undo();
      return true;
    };
    const redo = () => {
      this.editor.commands.redo();
      return true;
    };
    return { 'Mod-z': undo, 'Shift-Mod-z': redo, 'Mod-y': redo };
  },
});
