/** Editor states written as markdown with a caret, for tests of editor commands. */
import { EditorState, TextSelection } from '@tiptap/pm/state';
import { parseMarkdown, serializeMarkdown } from '../../../shared/document';

const CARET = '|';
// A character no test document contains, standing in for the caret while parsing.
const MARK = '\u2038';

/** The state of `markdown` with the cursor where its one '|' is. */
export function stateWithCaret(markdown: string): EditorState {
  const doc = parseMarkdown(markdown.replace(CARET, MARK));
  let caret = -1;
  doc.descendants((node, pos) => {
    const index = node.isText ? (node.text ?? '').indexOf(MARK) : -1;
    if (index >= 0) caret = pos + index;
    return caret < 0;
  });
  if (caret < 0) throw new Error(`No caret in ${markdown}`);
  const state = EditorState.create({ doc });
  const tr = state.tr.delete(caret, caret + 1);
  return state.apply(tr.setSelection(TextSelection.create(tr.doc, caret)));
}

/** The state's document as markdown with '|' at the cursor. */
export function markdownWithCaret(state: EditorState): string {
  const doc = state.apply(state.tr.insertText(MARK, state.selection.from)).doc;
  return serializeMarkdown(doc).replace(MARK, CARET);
}
