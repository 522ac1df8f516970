import { Extension } from '@tiptap/core';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';
import type { EditorEnvironment } from './editor-environment';
import { commentOccurrence, commentStartsOfDoc } from '../../../shared/document/comment-notes';
import {
  commentRangeAt,
  removeComment,
  renoteComment,
} from '../../../shared/document/comment-edits';
import { documentNotes, typeBesideNote } from './comment-notes';

function openCommentAt(view: EditorView, pos: number, environment: EditorEnvironment): void {
  const range = commentRangeAt(view.state.doc, pos);
  if (!range) return;
  const note = String(range.mark.attrs.comment ?? '');
  // A read-only editor never changes its own copy: a commenter's change goes to the server,
  // which applies it to the live document (CommentThreadDialog, docs/sharing.md).
  const change = (edit: (tr: Transaction) => void) => {
    const { tr } = view.state;
    edit(tr);
    view.dispatch(tr);
  };
  environment.editComment({
    value: note,
    occurrence: commentOccurrence(view.state.doc, note, range.from),
    ...(view.editable && {
      save: (comment: string) => change((tr) => renoteComment(tr, range, comment)),
      remove: () => change((tr) => removeComment(tr, range)),
    }),
  });
}

function editButton(view: EditorView, from: number, environment: EditorEnvironment) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'comment-edit-button';
  button.contentEditable = 'false';
  button.title = 'Edit comment';
  button.setAttribute('aria-label', 'Edit comment');
  button.textContent = '✎';
  button.addEventListener('mousedown', (event) => event.preventDefault());
  button.addEventListener('click', (event) => {
    event.preventDefault();
    openCommentAt(view, from, environment);
  });
  return button;
}

/** Every comment's range as a focusable button named by its note (a read-only editor's). */
function commentButtons(doc: ProseMirrorNode): Decoration[] {
  return commentStartsOfDoc(doc).flatMap(({ from }) => {
    const range = commentRangeAt(doc, from);
    if (!range) return [];
    const note = String(range.mark.attrs.comment ?? '');
    return [
      Decoration.inline(range.from, range.to, {
        tabindex: '0',
        role: 'button',
        'aria-label': `Comment: ${note}`,
      }),
    ];
  });
}

/** Each note looks like one and ends in its own Edit comment button. */
function decorate(doc: ProseMirrorNode, environment: EditorEnvironment): DecorationSet {
  return DecorationSet.create(
    doc,
    documentNotes(doc).flatMap((note) => [
      Decoration.inline(note.from, note.to, { class: 'comment-note' }),
      Decoration.widget(note.to, (view) => editButton(view, note.from, environment), {
        side: 1,
        key: `comment-edit-${note.from}-${String(note.mark.attrs.comment)}`,
        ignoreSelection: true,
        stopEvent: () => true,
      }),
    ]),
  );
}

/**
 * Comments (spec 000 §2.1): a click on commented paper text opens the 'Edit Comment' popup;
 * Save rewrites the note over the whole commented range, Delete removes the mark and keeps the
 * text. A note written in its own words (`[[note]]`, a section's purpose) guides the writer
 * without trapping the cursor (issue 33 item 10): a click places the caret, its ✎ button opens
 * the popup, and text typed in it lands after it (comment-notes.ts). The DOM click is used
 * because ProseMirror reports a quick second click as a double click.
 */
export function commentPopupTrigger(environment: EditorEnvironment) {
  return Extension.create({
    name: 'commentPopupTrigger',
    addProseMirrorPlugins() {
      const { editor } = this;
      const key = new PluginKey<DecorationSet>('commentNotes');
      return [
        new Plugin<DecorationSet>({
          key,
          state: {
            init: (_config, state) => decorate(state.doc, environment),
            apply: (tr, previous) => (tr.docChanged ? decorate(tr.doc, environment) : previous),
          },
          props: {
            // Reading, each comment is a button of its own in the tab order (Enter or Space
            // opens it): a read-only editor has no caret to reach it with.
            decorations: (state) => {
              const notes = key.getState(state);
              return editor.isEditable ? notes : notes?.add(state.doc, commentButtons(state.doc));
            },
            handleTextInput: (view, from, to, text) => {
              if (from !== to) return false;
              const tr = typeBesideNote(view.state, text);
              if (!tr) return false;
              view.dispatch(tr);
              return true;
            },
            handleKeyDown: (view, event) => {
              if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return false;
              const tr = typeBesideNote(view.state, '');
              if (!tr) return false;
              view.dispatch(tr);
              return true;
            },
            handleDOMEvents: {
              keydown: (view, event) => {
                if (view.editable || (event.key !== 'Enter' && event.key !== ' ')) return false;
                const target = event.target instanceof Element ? event.target : null;
                const comment = target?.closest('.comment');
                if (!comment) return false;
                event.preventDefault();
                openCommentAt(view, view.posAtDOM(comment, 0), environment);
                return true;
              },
              click: (view, event) => {
                const target = event.target instanceof Element ? event.target : null;
                const comment = target?.closest('.comment');
                // A read-only editor opens it too: readers see the conversation (docs/sharing.md).
                // A click that ends a drag selects text rather than opening it. A read-only view
                // takes the DOM's selection only after the click, so it asks the DOM.
                const selecting = view.editable
                  ? !view.state.selection.empty
                  : !(view.dom.ownerDocument.getSelection()?.isCollapsed ?? true);
                if (!comment || selecting) return false;
                // Editing, a note's click places the caret (its ✎ opens it); reading, it opens.
                if (view.editable && target?.closest('.comment-note')) return false;
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
