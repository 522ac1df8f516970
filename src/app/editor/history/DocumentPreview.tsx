import { useEffect, useMemo, useRef } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import { CitationRegistry } from '../citations/citation-registry';
import { createEditorExtensions } from '../extensions/editor-extensions';
import type { EditorEnvironment } from '../extensions/editor-environment';
import { loadMarkdown } from '../load-markdown';

/** Read-only: nothing opens but the reference modal, when the caller asks for it. */
function usePreviewEnvironment(
  registry: CitationRegistry,
  onCitationClick: ((refId: string) => void) | undefined,
): EditorEnvironment {
  const citationClick = useRef(onCitationClick);
  useEffect(() => {
    citationClick.current = onCitationClick;
  }, [onCitationClick]);
  const environment = useMemo<EditorEnvironment>(() => {
    const ignore = () => undefined;
    return {
      citations: registry,
      editEquation: ignore,
      editMermaid: ignore,
      editComment: ignore,
      openCitation: (refId) => citationClick.current?.(refId),
    };
  }, [registry]);
  return environment;
}

/**
 * A stored version rendered exactly as the editor renders it (equations, diagrams, citation
 * labels from that version's own citations), read-only. The editor lives as long as the preview:
 * new citations (a streamed answer's arrive last) go into its registry, whose node views
 * re-render, because recreating the editor under a pending effect crashed the page.
 */
export function DocumentPreview({
  markdown,
  citations,
  label = 'Version content',
  className = 'prose document-preview',
  onCitationClick,
}: {
  markdown: string;
  citations: unknown;
  label?: string;
  className?: string;
  /** A click on a citation label (the research chat opens the reference modal). */
  onCitationClick?: (refId: string) => void;
}) {
  const registry = useMemo(() => new CitationRegistry(), []);
  const environment = usePreviewEnvironment(registry, onCitationClick);
  const extensions = useMemo(() => createEditorExtensions(environment), [environment]);
  const editor = useEditor(
    {
      extensions,
      editable: false,
      immediatelyRender: true,
      shouldRerenderOnTransaction: false,
      editorProps: {
        attributes: { class: className, 'aria-label': label },
      },
    },
    [extensions, label, className],
  );
  useEffect(() => registry.replace(citations), [registry, citations]);
  useEffect(() => loadMarkdown(editor, markdown), [editor, markdown]);
  return <EditorContent editor={editor} />;
}
