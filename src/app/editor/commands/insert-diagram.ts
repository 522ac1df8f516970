import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { MERMAID_LANGUAGE } from '../../../shared/document';
import { cursorAfterSelectedBlock } from './cursor-after-node';

/** What a new diagram starts from in the 'Insert Mermaid Diagram' dialog. */
export const DIAGRAM_TEMPLATE = 'flowchart TD\n  A[Question] --> B[Method]\n  B --> C[Result]';

/**
 * Inserts a Mermaid diagram (a `mermaid` code block) at the cursor, on its own line; the
 * cursor lands after it, since the diagram's source is edited in its dialog, not inline.
 */
export function insertDiagram(editor: Editor, code: string): void {
  const { codeBlock } = editor.schema.nodes;
  if (!codeBlock) return;
  const node = codeBlock.create(
    { language: MERMAID_LANGUAGE },
    code === '' ? [] : [editor.schema.text(code)],
  );
  const tr = cursorAfterSelectedBlock(editor.state.tr);
  tr.replaceSelectionWith(node);
  const { $from } = tr.selection;
  if ($from.parent.type === codeBlock)
    tr.setSelection(NodeSelection.create(tr.doc, $from.before()));
  editor.view.dispatch(cursorAfterSelectedBlock(tr).scrollIntoView());
  editor.view.focus();
}
