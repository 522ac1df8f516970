import { useEffect, useMemo, useRef, useState } from 'react';
import { CitationRegistry } from './citations/citation-registry';
import type {
  CommentEditRequest,
  EditorEnvironment,
  EditRequest,
  SectionMenuRequest,
} from './extensions/editor-environment';

export type EditorDialog =
  | { kind: 'equation'; request: EditRequest }
  | { kind: 'mermaid'; request: EditRequest }
  | { kind: 'comment'; request: CommentEditRequest }
  | { kind: 'sectionMenu'; request: SectionMenuRequest };

/**
 * The editor environment for one paper: its citation registry (filled with the paper's
 * stored citations before the first render) and the dialogs node views open. The object
 * never changes, so the editor's extensions are built once.
 */
export function useEditorDialogs(citations: unknown, onCitationClick?: (refId: string) => void) {
  const [dialog, setDialog] = useState<EditorDialog | null>(null);
  const [registry] = useState(() => {
    const created = new CitationRegistry();
    created.replace(citations);
    return created;
  });
  const citationClick = useRef(onCitationClick);
  useEffect(() => {
    citationClick.current = onCitationClick;
  }, [onCitationClick]);

  const environment = useMemo<EditorEnvironment>(
    () => ({
      citations: registry,
      editEquation: (request) => setDialog({ kind: 'equation', request }),
      editMermaid: (request) => setDialog({ kind: 'mermaid', request }),
      editComment: (request) => setDialog({ kind: 'comment', request }),
      openCitation: (refId) => citationClick.current?.(refId),
      openSectionMenu: (request) => setDialog({ kind: 'sectionMenu', request }),
    }),
    [registry],
  );

  return { environment, dialog, openDialog: setDialog, closeDialog: () => setDialog(null) };
}
