import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { headingNumbers } from '../../../shared/document';

// Only top-level headings are numbered, so a pass visits the document's children alone:
// cheap enough to redo on every change even for a book-length paper.
function decorate(doc: ProseMirrorNode): DecorationSet {
  const decorations = headingNumbers(doc).flatMap(({ pos, number }) => {
    const node = doc.nodeAt(pos);
    return node && number
      ? [Decoration.node(pos, pos + node.nodeSize, { 'data-number': number, class: 'numbered' })]
      : [];
  });
  return DecorationSet.create(doc, decorations);
}

/** Shows each heading's number (CSS draws it from `data-number`); nothing is stored. */
export const HeadingNumbers = Extension.create({
  name: 'headingNumbers',
  addProseMirrorPlugins() {
    const key = new PluginKey<DecorationSet>('headingNumbers');
    return [
      new Plugin<DecorationSet>({
        key,
        state: {
          init: (_config, state) => decorate(state.doc),
          apply: (tr, previous) => (tr.docChanged ? decorate(tr.doc) : previous),
        },
        props: { decorations: (state) => key.getState(state) },
      }),
    ];
  },
});
