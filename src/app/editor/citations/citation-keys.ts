import { Extension } from '@tiptap/core';
import { NodeSelection, Plugin, PluginKey, TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import type { EditorEnvironment } from '../extensions/editor-environment';

const LABEL = '.citation-label';

/**
 * How the keyboard reaches an in-text citation's labels. In a read-only view (an example paper,
 * a version, a chat answer) there is no caret, so each label is a button in the tab order. In
 * the editable editor they are not: a label taking the focus would take it from the text, and
 * the caret reaches citations itself (see `CitationKeys`).
 */
export function setLabelKeyboardAccess(label: HTMLElement, readOnly: boolean): void {
  if (readOnly) {
    label.tabIndex = 0;
    label.setAttribute('role', 'button');
  } else {
    label.removeAttribute('tabindex');
    label.removeAttribute('role');
  }
}

/** Enter or Space on a focused label (read-only views): the work it names, else null. */
export function labelActivated(event: KeyboardEvent): string | null {
  if (event.key !== 'Enter' && event.key !== ' ') return null;
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  const label =
    event.target instanceof HTMLElement ? event.target.closest<HTMLElement>(LABEL) : null;
  return label?.dataset.refId ?? null;
}

function citationSelection(view: EditorView): NodeSelection | null {
  const { selection } = view.state;
  return selection instanceof NodeSelection && selection.node.type.name === 'reference'
    ? selection
    : null;
}

/**
 * Text typed while a citation is selected goes after it, the caret with it: the arrow keys
 * select a citation on their way past it, and a word typed then would otherwise replace it.
 */
function typeAfterSelectedCitation(view: EditorView, text: string): boolean {
  const selection = citationSelection(view);
  if (!selection) return false;
  const tr = view.state.tr.insertText(text, selection.to);
  view.dispatch(tr.setSelection(TextSelection.create(tr.doc, selection.to + text.length)));
  return true;
}

/**
 * The work a selected citation opens from the keyboard: the first the paper knows (the first
 * label shown), else its first id. Several works' labels are each a button only in read-only
 * views; in the editor the References pane lists them all.
 */
function selectedCitation(view: EditorView, environment: EditorEnvironment): string | null {
  const selection = citationSelection(view);
  if (!selection) return null;
  const value: unknown = selection.node.attrs.refIds;
  const refIds = Array.isArray(value)
    ? value.filter((id): id is string => typeof id === 'string')
    : [];
  return refIds.find((refId) => environment.citations.lookup(refId)) ?? refIds[0] ?? null;
}

/**
 * Citations from the keyboard in the editor: an arrow key onto a citation selects it (as
 * ProseMirror selects any inline atom), and Enter then opens it, as a click does, instead of
 * splitting the paragraph at it. What is typed meanwhile (a space, a word) goes after it
 * rather than replacing it. Also keeps the labels' tab stops in step when the editor turns
 * read-only or editable again.
 */
export function citationKeys(environment: EditorEnvironment) {
  const open = (view: EditorView) => {
    const refId = view.editable ? selectedCitation(view, environment) : null;
    if (refId) environment.openCitation(refId);
    return refId !== null;
  };
  return Extension.create({
    name: 'citationKeys',
    // Before the list and paragraph Enter handlers.
    priority: 1000,
    addKeyboardShortcuts() {
      return {
        Enter: ({ editor }) => open(editor.view),
      };
    },
    addProseMirrorPlugins() {
      return [
        new Plugin({
          key: new PluginKey('citationKeys'),
          props: {
            handleTextInput: (view, _from, _to, text) => typeAfterSelectedCitation(view, text),
          },
          view: (view) => {
            let editable = view.editable;
            return {
              update: (updated) => {
                if (updated.editable === editable) return;
                editable = updated.editable;
                for (const label of updated.dom.querySelectorAll<HTMLElement>(LABEL)) {
                  setLabelKeyboardAccess(label, !editable);
                }
              },
            };
          },
        }),
      ];
    },
  });
}
