import { useEffect, useMemo, useRef, useState } from 'react';
import type { Author } from '../../shared/document/provenance/provenance';
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

interface EditorDialogsOptions {
  onCitationClick?: (refId: string) => void;
  /**
   * Whether numbered headings get the AI section menu (a paper: yes; a file in the File
   * Editor: no, a rewrite acts on the paper, so the buttons would do nothing there).
   */
  sectionMenu: boolean;
  /** The signed-in person, whose typing the live document records as theirs. */
  author?: Author | null;
}

/**
 * The editor environment for one paper: its citation registry (filled with the paper's
 * stored citations before the first render) and the dialogs node views open. The object
 * never changes, so the editor's extensions are built once.
 */
export function useEditorDialogs(citations: unknown, options: EditorDialogsOptions) {
  const { onCitationClick, sectionMenu, author } = options;
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
  const currentAuthor = useRef(author ?? null);
  useEffect(() => {
    currentAuthor.current = author ?? null;
  }, [author]);

  const environment = useMemo<EditorEnvironment>(
    () => ({
      citations: registry,
      editEquation: (request) => setDialog({ kind: 'equation', request }),
      editMermaid: (request) => setDialog({ kind: 'mermaid', request }),
      editComment: (request) => setDialog({ kind: 'comment', request }),
      openCitation: (refId) => citationClick.current?.(refId),
      author: () => currentAuthor.current,
      ...(sectionMenu
        ? {
            openSectionMenu: (request: SectionMenuRequest) =>
              setDialog({ kind: 'sectionMenu', request }),
          }
        : {}),
    }),
    [registry, sectionMenu],
  );

  return { environment, dialog, openDialog: setDialog, closeDialog: () => setDialog(null) };
}
