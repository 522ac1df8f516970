import type { Editor } from '@tiptap/core';
import { cursorAfterSelectedBlock } from './cursor-after-node';

/**
 * Inserts an equation at the cursor: on its own line (display) when the cursor's paragraph
 * is empty, otherwise inline in the running text. The cursor lands after the equation, so
 * the next keystroke types on rather than replacing it.
 */
export function insertEquation(editor: Editor, latex: string): void {
  // A selected block (another equation, a diagram) stays: the new one goes after it.
  const tr = cursorAfterSelectedBlock(editor.state.tr);
  const { $from } = tr.selection;
  const display = $from.parent.type.name === 'paragraph' && $from.parent.content.size === 0;
  const type = editor.schema.nodes[display ? 'blockEquation' : 'inlineEquation'];
  if (!type) return;
  tr.replaceSelectionWith(type.create({ latex }));
  editor.view.dispatch(cursorAfterSelectedBlock(tr).scrollIntoView());
  editor.view.focus();
}
