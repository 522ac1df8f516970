import type { Editor } from '@tiptap/core';

/**
 * Inserts an equation at the cursor: on its own line (display) when the cursor's paragraph
 * is empty, otherwise inline in the running text.
 */
export function insertEquation(editor: Editor, latex: string): void {
  const { $from } = editor.state.selection;
  const display = $from.parent.type.name === 'paragraph' && $from.parent.content.size === 0;
  const type = editor.schema.nodes[display ? 'blockEquation' : 'inlineEquation'];
  if (!type) return;
  editor.view.dispatch(
    editor.state.tr.replaceSelectionWith(type.create({ latex })).scrollIntoView(),
  );
  editor.view.focus();
}
