import { Extension } from '@tiptap/core';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { startsWord } from '../../../shared/document';

/**
 * The edit for `text` typed over `from`–`to`, with a space put first when it starts a word
 * right after a citation ('increases [ref_a]' then 'in' gives 'increases [ref_a] in'); null
 * when the typing needs no help. Punctuation ('[ref_a].') is left as typed.
 */
export function spacedTypingAfterCitation(
  state: EditorState,
  from: number,
  to: number,
  text: string,
): Transaction | null {
  if (!startsWord(text)) return null;
  const before = state.doc.resolve(from).nodeBefore;
  if (before?.type.name !== 'reference') return null;
  return state.tr.insertText(` ${text}`, from, to);
}

/** Keeps a word typed right after a citation from gluing onto it. */
export const CitationSpacing = Extension.create({
  name: 'citationSpacing',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('citationSpacing'),
        props: {
          handleTextInput: (view, from, to, text) => {
            const tr = spacedTypingAfterCitation(view.state, from, to, text);
            if (!tr) return false;
            view.dispatch(tr);
            return true;
          },
        },
      }),
    ];
  },
});
