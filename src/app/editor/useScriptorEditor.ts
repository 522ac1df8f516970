import { useEffect, useMemo, useRef } from 'react';
import type { Awareness } from 'y-protocols/awareness';
import { isChangeOrigin } from '@tiptap/extension-collaboration';
import type * as Y from 'yjs';
import { useEditor, type Editor } from '@tiptap/react';
import { createEditorExtensions } from './extensions/editor-extensions';
import type { EditorEnvironment } from './extensions/editor-environment';
import { loadMarkdown } from './load-markdown';
import { serializedAlready } from './markdown-io';

interface ScriptorEditorOptions {
  /** The paper's markdown as stored; followed only while the editor is not focused. */
  markdown: string;
  editable: boolean;
  environment: EditorEnvironment;
  /** Called on every change the user makes to the document (not those of other writers). */
  onChange: () => void;
  /**
   * The paper's live document: the editor shows and edits it, and `markdown` is then only
   * what it started from (the live document has the newest text, also others').
   */
  live?: Y.Doc;
  /** The live document's presence (co-authors' carets). */
  awareness?: Awareness | null;
}

export interface ScriptorEditor {
  editor: Editor;
  /** Shows `markdown` now, focused or not (reloads, restores). */
  load(markdown: string): void;
  /** Records that the stored markdown is what the editor already holds (after a save). */
  markSynced(markdown: string): void;
}

/**
 * Whether tiptap's useEditor destroyed this instance before React committed the render that
 * holds it: useEditor destroys an editor not mounted within a millisecond, which a concurrent
 * render (a lazily loaded component, a Suspense retry) can exceed. It then renders again with a
 * new instance, so the effects of the destroyed one have nothing to do. A destroyed editor has
 * no schema (tiptap's `destroy` clears it; `isDestroyed` also answers true before mounting).
 */
function destroyedBeforeCommit(editor: Editor): boolean {
  return (editor.schema as Editor['schema'] | null) === null;
}

/**
 * The paper editor instance. It follows an external markdown value only while it is not
 * focused (spec 000 §4): a value arriving while the user types waits for the blur, and is
 * dropped if the user has changed the document meanwhile, so typing is never overwritten.
 */
export function useScriptorEditor(options: ScriptorEditorOptions): ScriptorEditor {
  const { markdown, editable, environment, live, awareness } = options;
  const extensions = useMemo(
    () => createEditorExtensions(environment, live, awareness),
    [environment, live, awareness],
  );
  const editor = useEditor(
    {
      extensions,
      editable,
      immediatelyRender: true,
      shouldRerenderOnTransaction: false,
      editorProps: {
        attributes: { class: 'prose scriptor-editor', 'aria-label': 'Paper content' },
      },
    },
    [extensions],
  );

  const synced = useRef<string | null>(null);
  const pending = useRef<string | null>(null);
  const onChange = useRef(options.onChange);
  useEffect(() => {
    onChange.current = options.onChange;
  }, [options.onChange]);

  const api = useMemo<ScriptorEditor>(() => {
    const load = (value: string) => {
      pending.current = null;
      synced.current = value;
      loadMarkdown(editor, value);
    };
    return { editor, load, markSynced: (value) => (synced.current = value) };
  }, [editor]);

  useEffect(() => {
    if (destroyedBeforeCommit(editor) || live) return;
    if (markdown === synced.current) return;
    if (serializedAlready(editor.state.doc) === markdown) {
      synced.current = markdown;
    } else if (editor.isFocused) {
      pending.current = markdown;
    } else {
      api.load(markdown);
    }
  }, [api, editor, markdown, live]);

  useEffect(() => {
    const onBlur = () => {
      if (pending.current !== null) api.load(pending.current);
    };
    const onUpdate = ({ transaction }: { transaction: Parameters<typeof isChangeOrigin>[0] }) => {
      pending.current = null;
      // Text another tab or the server wrote is not this editor's unsaved change.
      if (!isChangeOrigin(transaction)) onChange.current();
    };
    editor.on('blur', onBlur);
    editor.on('update', onUpdate);
    return () => {
      editor.off('blur', onBlur);
      editor.off('update', onUpdate);
    };
  }, [api, editor]);

  useEffect(() => {
    if (destroyedBeforeCommit(editor)) return;
    if (editor.isEditable !== editable) editor.setEditable(editable, false);
  }, [editor, editable]);

  return api;
}
