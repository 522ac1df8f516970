import { useEffect, useMemo } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import { CitationRegistry } from '../citations/citation-registry';
import { createEditorExtensions } from '../extensions/editor-extensions';
import type { EditorEnvironment } from '../extensions/editor-environment';
import { loadMarkdown } from '../load-markdown';

function previewEnvironment(citations: unknown): EditorEnvironment {
  const registry = new CitationRegistry();
  registry.replace(citations);
  const ignore = () => undefined;
  return {
    citations: registry,
    editEquation: ignore,
    editMermaid: ignore,
    editComment: ignore,
    openCitation: ignore,
  };
}

/**
 * A stored version rendered exactly as the editor renders it (equations, diagrams, citation
 * labels from that version's own citations), read-only.
 */
export function DocumentPreview({
  markdown,
  citations,
  label = 'Version content',
}: {
  markdown: string;
  citations: unknown;
  label?: string;
}) {
  const extensions = useMemo(
    () => createEditorExtensions(previewEnvironment(citations)),
    [citations],
  );
  const editor = useEditor(
    {
      extensions,
      editable: false,
      immediatelyRender: true,
      shouldRerenderOnTransaction: false,
      editorProps: {
        attributes: { class: 'prose document-preview', 'aria-label': label },
      },
    },
    [extensions, label],
  );
  useEffect(() => loadMarkdown(editor, markdown), [editor, markdown]);
  return <EditorContent editor={editor} />;
}
