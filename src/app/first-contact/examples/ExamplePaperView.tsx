import { EditorContent } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
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
  const { environment } = useEditorDialogs(example.citations, {
    sectionMenu: false,
    onCitationClick: setCited,
  });
  const { editor } = useScriptorEditor({
    markdown: example.content,
    editable: false,
    environment,
    onChange: () => undefined,
  });
  const work = example.citations.find((candidate) => candidate.refId === cited);
  // The example replaces the list the keyboard was in: the focus moves to it, so the arrow keys
  // scroll it and Tab goes on to its actions.
  const view = useRef<HTMLDivElement>(null);
  useEffect(() => view.current?.focus({ preventScroll: true }), []);
  return (
    <div className="example-view" ref={view} tabIndex={-1}>
      <h3 className="example-title">{example.title}</h3>
      <EditorContent editor={editor} className="example-content" />
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
