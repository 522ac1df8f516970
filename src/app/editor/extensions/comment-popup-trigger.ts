import { Extension, getMarkRange } from '@tiptap/core';
import { Plugin } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import type { EditorEnvironment } from './editor-environment';

const COMMENT = 'comment';

function openCommentAt(view: EditorView, pos: number, environment: EditorEnvironment): void {
  const type = view.state.schema.marks[COMMENT];
  if (!type) return;
  const $pos = view.state.doc.resolve(pos);
  const mark = [...$pos.marks(), ...($pos.nodeAfter?.marks ?? [])].find(
    (candidate) => candidate.type === type,
  );
  if (!mark) return;
  const range = getMarkRange($pos, type, mark.attrs);
  if (!range) return;
  environment.editComment({
    value: String(mark.attrs.comment ?? ''),
    save: (comment) => {
      const { tr } = view.state;
      tr.removeMark(range.from, range.to, type);
      tr.addMark(range.from, range.to, type.create({ ...mark.attrs, comment }));
      view.dispatch(tr);
    },
    remove: () => view.dispatch(view.state.tr.removeMark(range.from, range.to, type)),
  });
}

/**
 * A click on commented text opens the 'Edit Comment' popup for that comment; Save rewrites
 * the note over the whole commented range, Delete removes the mark and keeps the text. The
 * DOM click is used because ProseMirror reports a quick second click as a double click.
 */
export function commentPopupTrigger(environment: EditorEnvironment) {
  return Extension.create({
    name: 'commentPopupTrigger',
    addProseMirrorPlugins() {
      return [
        new Plugin({
          props: {
            handleDOMEvents: {
              click: (view, event) => {
                const comment =
                  event.target instanceof Element ? event.target.closest('.comment') : null;
                if (!view.editable || !comment || !view.state.selection.empty) return false;
                // The start of the comment's own text: inside the mark whichever letter was hit.
                openCommentAt(view, view.posAtDOM(comment, 0), environment);
                return false;
              },
            },
          },
        }),
      ];
    },
  });
}
