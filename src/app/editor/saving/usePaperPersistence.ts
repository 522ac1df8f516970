import { useCallback, useEffect, useRef, useState } from 'react';
import type { Paper } from '../../../shared/papers/paper';
import { ApiError } from '../../api/http';
import type { Draft } from './draft';
import { useFetchPaper, useSavePaperAs, useUpdatePaper } from '../../api/papers';
import { useAlert } from '../../components/AlertProvider';
import type { ChangeTracker } from './useChangeTracker';

interface PersistenceOptions {
  /** The stored version the editor started from or last saved. */
  base: Paper;
  tracker: ChangeTracker;
  readDraft: () => Draft;
  /** The paper's citations when the editor changed them, else undefined (left as stored). */
  citations: () => unknown[] | undefined;
  /**
   * Takes a stored paper's title and citations as the new base; its content is already in
   * the live document (a restore changed it there).
   */
  applyStored: (paper: Paper) => void;
  /** Records a successful save of what the editor holds. */
  onSaved: (paper: Paper, revision: number) => void;
  onOpenPaper?: (id: string) => void;
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * Save and Save As for one open paper (spec 001 §5, §8; 002 §4). The content is the live
 * document's, kept on the server as it is typed; Save records it as a version in the history.
 * Two tabs or writers never conflict (their changes merge), so no save is refused and no
 * comparison is asked for (docs/live-document.md).
 */
export function usePaperPersistence(options: PersistenceOptions) {
  const showAlert = useAlert();
  const updatePaper = useUpdatePaper();
  const saveAsMutation = useSavePaperAs();
  const fetchPaper = useFetchPaper();
  const { base, tracker } = options;
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const [saveAsError, setSaveAsError] = useState<string | null>(null);

  const save = useCallback(async () => {
    const { readDraft, citations, onSaved } = latest.current;
    const draft = readDraft();
    const refusal = !draft.title.trim()
      ? 'Title is required'
      : !base.type
        ? 'Paper type is required'
        : null;
    if (refusal) {
      showAlert(refusal);
      return;
    }
    const revision = tracker.snapshot();
    const mine = { title: draft.title.trim(), content: draft.content };
    try {
      const { citations: _stored, ...paper } = base;
      const changedCitations = citations();
      // `live`: the version recorded is the live document as the server holds it.
      const saved = await updatePaper.mutateAsync({
        ...paper,
        ...mine,
        live: true,
        ...(changedCitations ? { citations: changedCitations } : {}),
      });
      onSaved(saved, revision);
    } catch (error) {
      console.warn('Save failed', error);
      showAlert(messageOf(error, 'Failed to save paper'));
    }
  }, [base, tracker, updatePaper, showAlert]);

  const saveAs = useCallback(
    async (newName: string) => {
      setSaveAsError(null);
      try {
        const { newPaperId } = await saveAsMutation.mutateAsync({
          originalPaperId: base.id,
          newName,
          content: latest.current.readDraft().content,
        });
        latest.current.onOpenPaper?.(newPaperId);
        return true;
      } catch (error) {
        setSaveAsError(error instanceof ApiError ? error.message : 'Save As API request failed');
        return false;
      }
    },
    [base.id, saveAsMutation],
  );

  /**
   * After a restore: the server changed the live document, which brings the text here (the
   * editor keeps taking input, so typing on its way merges with it); the rest is read again.
   */
  const afterRestore = useCallback(async () => {
    try {
      latest.current.applyStored(await fetchPaper(base.id));
    } catch {
      showAlert('Failed to load paper details');
    }
  }, [base.id, fetchPaper, showAlert]);

  return {
    save,
    saving: updatePaper.isPending,
    saveAs,
    savingAs: saveAsMutation.isPending,
    saveAsError,
    clearSaveAsError: () => setSaveAsError(null),
    afterRestore,
  };
}
