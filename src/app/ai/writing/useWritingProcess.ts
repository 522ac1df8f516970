import { useCallback, useEffect, useRef, useState } from 'react';
import { reasonOf } from '../../api/http';
import type { Paper } from '../../../shared/papers/paper';
import { useRefreshCosts } from '../../billing/api/billing';
import { useAlert } from '../../components/AlertProvider';
import type { EditorHandle } from '../../editor/bridge/editor-handle';
import { useSearchFilters } from '../../references/api/search-filters-api';
import { useAiSettings } from '../models/models-api';
import {
  cancelWriting,
  deleteAllWriting,
  fetchActiveJob,
  fetchJobStatus,
  proposeSequence,
  saveWritingResult,
  startWriting,
  type CustomInstructions,
  type WritingJob,
} from './api/writing-api';
import { savedNotices } from './saved-notices';
import { pollWritingJob } from './job-poller';
import { jobEnded } from './job-state';
import { JOB_NOT_FOUND } from './poll-schedule';
import type { ListRow } from './SectionRow';
import { inSequence, writable, writingOutline } from './writing-outline';

export const SEQUENCE_FAILED = 'Failed to determine optimal sequence. Using default order.';
const START_FAILED = 'Failed to start AI writing process.';
const STOP_FAILED = 'Failed to stop the writing process. Please try again.';
const SAVE_FAILED = 'Failed to save the written content. Please try again.';

export interface WritingPaper {
  id: string;
  type: string;
}

export interface WritingProcessOptions {
  paper: WritingPaper;
  editor: EditorHandle;
  /** Saves what the editor holds if it has unsaved changes; answers whether all is saved. */
  saveChanges: () => Promise<boolean>;
  /** Puts the paper as the server saved it into the editor. */
  applySaved: (paper: Paper) => void;
}

type Plan =
  | { kind: 'loading' }
  | { kind: 'ready'; rows: ListRow[]; reasoning: string; sequenceFailed: boolean };

/** The job as the modal shows it right after Start, until the first poll answers. */
function queuedJob(jobId: string, createdAt: string, rows: ListRow[], reasoning: string) {
  return {
    jobId,
    status: 'pending',
    currentIndex: 0,
    createdAt,
    completed: false,
    active: true,
    error: null,
    metadata: { reasoning },
    sections: rows.map((row) => ({
      sectionIndex: row.sectionIndex,
      sectionNumber: row.sectionNumber,
      sectionTitle: row.sectionTitle,
      sectionLevel: row.sectionLevel,
      status: 'pending' as const,
      content: '',
      customInstructions: row.customInstructions,
      citations: [],
      flags: [],
      error: null,
      startedAt: null,
      completedAt: null,
    })),
  } satisfies WritingJob;
}

/**
 * The AI Writing Process's state and actions (001 §4 'Writing modal flow'): load (is a job
 * running or waiting to be saved?), the sequence proposal, start, polling, then Save (with
 * clear-status) or Discard (cancel, then delete all).
 */
export function useWritingProcess({
  paper,
  editor,
  saveChanges,
  applySaved,
}: WritingProcessOptions) {
  const showAlert = useAlert();
  const refreshCosts = useRefreshCosts();
  const settings = useAiSettings();
  const { filters, ready: filtersReady } = useSearchFilters();
  const [job, setJob] = useState<WritingJob | null>(null);
  /** True once the paper's active job was looked up (on opening the paper). */
  const [checked, setChecked] = useState(false);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [busy, setBusy] = useState(false);
  const selectedModel = settings.data?.selectedModel ?? null;

  useEffect(() => {
    let live = true;
    fetchActiveJob(paper.id)
      .then((found) => live && setJob(found))
      .catch((error: unknown) => console.warn('Could not look up the writing job', error))
      .finally(() => live && setChecked(true));
    return () => {
      live = false;
    };
  }, [paper.id]);

  const jobId = job?.jobId ?? null;
  const ended = job !== null && jobEnded(job);
  useEffect(() => {
    if (jobId === null || ended) return;
    return pollWritingJob({
      fetchJob: () => fetchJobStatus(jobId),
      onJob: (next) => {
        setJob(next);
        refreshCosts();
      },
      onGone: () => {
        setJob(null);
        setPlan(null);
        showAlert(JOB_NOT_FOUND);
      },
    });
  }, [jobId, ended, refreshCosts, showAlert]);

  const loadPlan = useCallback(async () => {
    setPlan({ kind: 'loading' });
    const outline = writingOutline(editor.getMarkdown());
    const rows: ListRow[] = outline.map((row) => ({
      ...row,
      selected: writable(row),
      customInstructions: null,
    }));
    // The reference list is never written, so it has no place in the writing order.
    const planned = outline.filter((row) => !row.referenceList);
    if (planned.length === 0) {
      setPlan({ kind: 'ready', rows, reasoning: '', sequenceFailed: false });
      return;
    }
    try {
      const proposed = await proposeSequence({
        paperId: paper.id,
        paperType: paper.type,
        sections: planned.map(({ sectionIndex, sectionNumber, sectionTitle, sectionLevel }) => ({
          sectionIndex,
          sectionNumber,
          sectionTitle,
          sectionLevel,
        })),
        selectedModel,
      });
      setPlan({
        kind: 'ready',
        rows: inSequence(rows, proposed.sequence),
        reasoning: proposed.reasoning,
        // A model was asked and its answer could not be used: the rows are in document order.
        sequenceFailed: proposed.source === 'model-failed',
      });
    } catch (error) {
      console.warn('Sequence proposal failed', error);
      setPlan({ kind: 'ready', rows, reasoning: '', sequenceFailed: true });
    }
  }, [editor, paper.id, paper.type, selectedModel]);

  const planRef = useRef(plan);
  useEffect(() => {
    planRef.current = plan;
  });
  const updateRows = useCallback((change: (rows: ListRow[]) => ListRow[]) => {
    setPlan((current) =>
      current?.kind === 'ready' ? { ...current, rows: change(current.rows) } : current,
    );
  }, []);

  const start = useCallback(async () => {
    const current = planRef.current;
    if (current?.kind !== 'ready') return;
    const chosen = current.rows.filter((row) => row.selected && writable(row));
    if (chosen.length === 0) return;
    setBusy(true);
    try {
      // Unsaved typing is saved first: the job writes from the saved paper, and nothing typed
      // before Start can be lost.
      if (!(await saveChanges())) {
        showAlert(START_FAILED);
        return;
      }
      const started = await startWriting({
        paperId: paper.id,
        paperType: paper.type,
        sequence: chosen.map((row) => row.sectionIndex),
        sections: chosen.map((row) => ({
          sectionIndex: row.sectionIndex,
          sectionNumber: row.sectionNumber,
          sectionTitle: row.sectionTitle,
          sectionLevel: row.sectionLevel,
          customInstructions: row.customInstructions,
        })),
        selectedModel,
        references: [],
        ...(filtersReady ? { filters } : {}),
        reasoning: current.reasoning,
      });
      setJob(queuedJob(started.jobId, started.createdAt, chosen, current.reasoning));
    } catch (error) {
      // The server's reason (no model, a balance, a writing process already running in another
      // tab); the spec's alert only when it gave none.
      showAlert(reasonOf(error, START_FAILED));
    } finally {
      setBusy(false);
      refreshCosts();
    }
  }, [
    saveChanges,
    showAlert,
    paper.id,
    paper.type,
    selectedModel,
    filters,
    filtersReady,
    refreshCosts,
  ]);

  const cancel = useCallback(async () => {
    if (!job) return;
    setBusy(true);
    try {
      await cancelWriting(job.jobId);
      setJob(await fetchJobStatus(job.jobId));
    } catch (error) {
      showAlert(reasonOf(error, STOP_FAILED));
    } finally {
      setBusy(false);
      refreshCosts();
    }
  }, [job, showAlert, refreshCosts]);

  const discard = useCallback(async () => {
    if (!job) return;
    setBusy(true);
    try {
      if (!jobEnded(job)) await cancelWriting(job.jobId);
      await deleteAllWriting(paper.id);
      setJob(null);
      await loadPlan();
    } catch (error) {
      showAlert(reasonOf(error, STOP_FAILED));
    } finally {
      setBusy(false);
      refreshCosts();
    }
  }, [job, paper.id, loadPlan, showAlert, refreshCosts]);

  /** Answers true when the results are in the saved paper. */
  const save = useCallback(async (): Promise<boolean> => {
    if (!job) return false;
    setBusy(true);
    try {
      // Typing not saved yet goes in first: the server merges the written sections beside
      // whatever the sections hold now (issue 32), so nothing typed meanwhile is replaced.
      if (!(await saveChanges())) {
        showAlert(SAVE_FAILED);
        return false;
      }
      const result = await saveWritingResult(job.jobId);
      applySaved(result.paper);
      setJob(null);
      setPlan(null);
      const notices = savedNotices(result.sections);
      if (notices) showAlert(notices);
      return true;
    } catch {
      showAlert(SAVE_FAILED);
      return false;
    } finally {
      setBusy(false);
    }
  }, [job, saveChanges, applySaved, showAlert]);

  const toggle = useCallback(
    (sectionIndex: number) =>
      updateRows((rows) =>
        rows.map((row) =>
          row.sectionIndex === sectionIndex && writable(row)
            ? { ...row, selected: !row.selected }
            : row,
        ),
      ),
    [updateRows],
  );
  const selectAll = useCallback(
    (selected: boolean) =>
      updateRows((rows) => rows.map((row) => (writable(row) ? { ...row, selected } : row))),
    [updateRows],
  );
  const setInstructions = useCallback(
    (sectionIndex: number, customInstructions: CustomInstructions | null) =>
      updateRows((rows) =>
        rows.map((row) =>
          row.sectionIndex === sectionIndex ? { ...row, customInstructions } : row,
        ),
      ),
    [updateRows],
  );

  return {
    checked,
    job,
    ended,
    plan,
    busy,
    loadPlan,
    start,
    cancel,
    discard,
    save,
    toggle,
    selectAll,
    setInstructions,
    reorder: updateRows,
  };
}

export type WritingProcess = ReturnType<typeof useWritingProcess>;
