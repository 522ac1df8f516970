import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { useCallback, useRef } from 'react';
import { useAlert } from '../../components/AlertProvider';
import { useEditorHandle } from '../../editor/bridge/EditorBridge';
import { requestBibliography } from '../api/bibliography-api';
import { citedRefIds } from './cited-ref-ids';

/** The part of the editor 'Generate APA References' reads: its current document. */
export interface DocumentSource {
  state: { doc: ProseMirrorNode };
}

export const NO_CITATIONS_MESSAGE = 'This paper has no citations to list yet.';

/**
 * The toolbar's 'Generate APA References': the works the document cites become an APA
 * reference list (`[xref_…] text` lines) added after the block holding the cursor, under a
 * 'References' heading when the paper has none. Clicks while one is being
 * generated are ignored, so the list is never inserted twice.
 */
export function useGenerateReferences(paperId: string | null): (editor: DocumentSource) => void {
  const showAlert = useAlert();
  const getEditor = useEditorHandle();
  const busy = useRef(false);

  return useCallback(
    (editor: DocumentSource) => {
      if (paperId === null || busy.current) return;
      const refIds = citedRefIds(editor.state.doc);
      if (refIds.length === 0) {
        showAlert(NO_CITATIONS_MESSAGE);
        return;
      }
      busy.current = true;
      requestBibliography(paperId, refIds)
        .then(({ markdown }) => getEditor()?.insertReferenceList(markdown))
        .catch((error: unknown) =>
          showAlert(
            error instanceof Error && error.message
              ? error.message
              : 'Failed to generate references',
          ),
        )
        .finally(() => {
          busy.current = false;
        });
    },
    [paperId, showAlert, getEditor],
  );
}
