import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Paper } from '../../shared/papers/paper';
import { paperKeys, useImportFileAsContent } from '../api/papers';
import { useEditorHandle } from '../editor/bridge/EditorBridge';

/** The upload goal of an 'Import existing document' paper (spec 000 §9): its one document. */
export const IMPORT_GOAL = 'document';

/**
 * After a file was converted into an import paper's 'Document' slot: the document becomes the
 * paper's content when the paper is still empty, both as stored and in the open editor (so
 * no unsaved typing is replaced). The editor shows it once the stored paper changes.
 */
export function useImportIntoEmptyPaper(paperId: string): (fileId: string) => Promise<void> {
  const client = useQueryClient();
  const getEditor = useEditorHandle();
  const { mutateAsync } = useImportFileAsContent();
  return useCallback(
    async (fileId: string) => {
      const paper = client.getQueryData<Paper>(paperKeys.detail(paperId));
      const shown = getEditor()?.getMarkdown() ?? '';
      if (!paper || paper.content.trim() !== '' || shown.trim() !== '') return;
      await mutateAsync({ paperId, fileId });
    },
    [client, getEditor, mutateAsync, paperId],
  );
}
