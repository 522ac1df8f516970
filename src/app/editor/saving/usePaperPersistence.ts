import { useCallback, useEffect, useRef, useState } from 'react';
import type { Paper } from '../../../shared/papers/paper';
import { ApiError } from '../../api/http';
import { clearAutosave, useFetchPaper, useSavePaperAs, useUpdatePaper } from '../../api/papers';
import { useAlert } from '../../components/AlertProvider';
import type { CompareReason } from '../dialogs/CompareVersionsDialog';
import { sameDraft, type Draft } from './draft';
import { browserStorage, forgetLocalDraft, readLocalDraft } from './local-draft';
import { findRecovery } from './recovery';
import type { ChangeTracker } from './useChangeTracker';

export interface CompareState {
  reason: CompareReason;
  saved: Draft;
  other: Draft;
  /** The stored paper the choice applies to (its updated_at makes "use other" a valid save). */
  server: Paper;
}

interface PersistenceOptions {
  /** The stored version the editor started from or last saved. */
  base: Paper;
  tracker: ChangeTracker;
  readDraft: () => Draft;
  /** The paper's citations when the editor changed them, else undefined (left as stored). */
  citations: () => unknown[] | undefined;
  /** Puts a stored paper into the editor (title, content, citations) as the new base. */
  applyPaper: (paper: Paper) => void;
  /** Records a successful save of what the editor holds. */
  onSaved: (paper: Paper, revision: number) => void;
  /**
   * True while a stored version is fetched into the editor: the editor shows 'Loading
   * paper...' and takes no input meanwhile, so nothing typed is silently replaced.
   */
  setReloading: (reloading: boolean) => void;
  onOpenPaper?: (id: string) => void;
}

function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

function forgetServerAutosave(paperId: string): void {
  clearAutosave(paperId).catch((error: unknown) =>
    console.warn('Could not clear the autosave', error),
  );
}

/** Forgets the unsaved copies of a paper: the server's autosave and this browser's draft. */
function forgetAutosave(paperId: string): void {
  forgetLocalDraft(paperId);
  forgetServerAutosave(paperId);
}

function recoveryOnOpen(paper: Paper): CompareState | null {
  const storage = browserStorage();
  const recovery = findRecovery(paper, storage && readLocalDraft(storage, paper.id));
  return (
    recovery && {
      reason: 'autosave',
      saved: recovery.saved,
      other: recovery.unsaved,
      server: paper,
    }
  );
}

/**
 * Save, Save As, and the 'Compare Versions' choices for one open paper (spec 001 §5, §8;
 * 002 §4). A save over a version saved elsewhere meanwhile (409) opens the comparison
 * instead of overwriting it.
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

  const [compare, setCompare] = useState<CompareState | null>(() => recoveryOnOpen(base));
  const { setReloading } = options;
  const [saveAsError, setSaveAsError] = useState<string | null>(null);

  // Unsaved copies equal to the saved paper carry nothing: last saved is chosen silently.
  const initial = useRef({ paper: base, offered: compare !== null });
  useEffect(() => {
    const { paper, offered } = initial.current;
    const hasAutosave = paper.autosave_title !== null || paper.autosave_content !== null;
    if (offered) return;
    forgetLocalDraft(paper.id);
    if (hasAutosave) forgetServerAutosave(paper.id);
  }, []);

  const reload = useCallback(
    async (id: string) => {
      setReloading(true);
      try {
        latest.current.applyPaper(await fetchPaper(id));
      } catch {
        showAlert('Failed to load paper details');
      } finally {
        setReloading(false);
      }
    },
    [fetchPaper, showAlert, setReloading],
  );

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
      const saved = await updatePaper.mutateAsync({
        ...paper,
        ...mine,
        ...(changedCitations ? { citations: changedCitations } : {}),
      });
      onSaved(saved, revision);
      // Typing during the save is not covered by it: its draft stays for the next save.
      forgetServerAutosave(saved.id);
      if (tracker.snapshot() === revision) forgetLocalDraft(saved.id);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) {
        console.warn('Save failed', error);
        showAlert(messageOf(error, 'Failed to save paper'));
        return;
      }
      const server = await fetchPaper(base.id).catch(() => null);
      if (!server) {
        showAlert('Failed to load paper details');
        return;
      }
      const saved = { title: server.title, content: server.content };
      if (sameDraft(saved, mine)) latest.current.applyPaper(server);
      else setCompare({ reason: 'conflict', saved, other: mine, server });
    }
  }, [base, tracker, updatePaper, fetchPaper, showAlert]);

  const saveAs = useCallback(
    async (newName: string) => {
      setSaveAsError(null);
      try {
        const { newPaperId } = await saveAsMutation.mutateAsync({
          originalPaperId: base.id,
          newName,
          content: latest.current.readDraft().content,
        });
        // The unsaved edits now live in the new paper; the original keeps its saved version.
        forgetAutosave(base.id);
        latest.current.onOpenPaper?.(newPaperId);
        return true;
      } catch (error) {
        setSaveAsError(error instanceof ApiError ? error.message : 'Save As API request failed');
        return false;
      }
    },
    [base.id, saveAsMutation],
  );

  /** After a restore or 'Keep Last Saved': the stored paper wins over any unsaved text. */
  const discardAutosaveAndReload = useCallback(async () => {
    forgetAutosave(base.id);
    await reload(base.id);
  }, [base.id, reload]);

  // A choice closes the dialog at once; the editor shows 'Loading paper...' until the chosen
  // version is in it.
  const chooseSaved = useCallback(async () => {
    setCompare(null);
    await discardAutosaveAndReload();
  }, [discardAutosaveAndReload]);

  const chooseOther = useCallback(async () => {
    if (!compare) return;
    setCompare(null);
    setReloading(true);
    try {
      // This tab's version carries the works this tab added; an autosave only held text.
      const { citations: _stored, ...paper } = compare.server;
      const added = compare.reason === 'conflict' ? latest.current.citations() : undefined;
      await updatePaper.mutateAsync({
        ...paper,
        ...compare.other,
        ...(added ? { citations: added } : {}),
      });
      forgetAutosave(compare.server.id);
      await reload(compare.server.id);
    } catch (error) {
      // Saved elsewhere while the dialog was open: compare the unsaved text with that version.
      const server =
        error instanceof ApiError && error.status === 409
          ? await fetchPaper(compare.server.id).catch(() => null)
          : null;
      if (server) {
        const saved = { title: server.title, content: server.content };
        setCompare({ reason: 'conflict', saved, other: compare.other, server });
      } else showAlert(messageOf(error, 'Failed to save paper'));
    } finally {
      setReloading(false);
    }
  }, [compare, reload, updatePaper, fetchPaper, showAlert, setReloading]);

  return {
    save,
    saving: updatePaper.isPending,
    saveAs,
    savingAs: saveAsMutation.isPending,
    saveAsError,
    clearSaveAsError: () => setSaveAsError(null),
    compare,
    chooseSaved,
    chooseOther,
    discardAutosaveAndReload,
  };
}
