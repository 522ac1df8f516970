import { EditorContent } from '@tiptap/react';
import { useEffect, useState } from 'react';
import { useEditorDialogs } from '../../editor/useEditorDialogs';
import { useScriptorEditor } from '../../editor/useScriptorEditor';
import type { ExamplePaper } from '../api/examples';

/**
 * An example paper in the real editor, read-only: the same rendering of headings, citations,
 * equations, tables, diagrams and references a user's paper gets. Pressing a citation shows
 * the cited article's title and abstract beneath.
 */
export default function ExamplePaperView({ example }: { example: ExamplePaper }) {
  const [cited, setCited] = useState<string | null>(null);
  const { environment } = useEditorDialogs(example.citations, { sectionMenu: false });
  // The content is loaded once the editor's view is mounted: loading into an editor whose view
  // is not there yet (the dialog's lazy chunk just arrived) fails.
  const [mounted, setMounted] = useState(false);
  const { editor } = useScriptorEditor({
    markdown: mounted ? example.content : '',
    editable: false,
    environment,
    onChange: () => undefined,
  });
  useEffect(() => {
    const onMount = () => setMounted(true);
    editor.on('mount', onMount);
    // Mounted before this effect ran: the event is gone, so say it now.
    if (editor.isInitialized) queueMicrotask(onMount);
    return () => {
      editor.off('mount', onMount);
    };
  }, [editor]);
  const work = example.citations.find((candidate) => candidate.refId === cited);
  return (
    <div className="example-view">
      <h3 className="example-title">{example.title}</h3>
      {/* On press, not click: a read-only editor selects the citation on press, re-rendering it,
          so the click that follows no longer lands on the label. */}
      <div
        onMouseDown={(event) => {
          const label =
            event.target instanceof Element ? event.target.closest('[data-ref-id]') : null;
          if (label instanceof HTMLElement && label.dataset.refId) setCited(label.dataset.refId);
        }}
      >
        <EditorContent editor={editor} className="example-content" />
      </div>
      {work && (
        <aside className="example-cited" aria-label="Cited article">
          <strong>{work.title}</strong>
          <span className="muted">
            {' '}
            {work.authors.join('; ')} ({work.published_year ?? 'n.d.'})
          </span>
          {work.abstract && <p>{work.abstract}</p>}
        </aside>
      )}
    </div>
  );
}
