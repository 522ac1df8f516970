import { useEffect, useMemo, useRef, useState } from 'react';
import type { Paper } from '../../shared/papers/paper';
import { useAiSettings } from '../ai/models/models-api';
import { CustomRewriteInstructionsDialog } from '../ai/rewrite/CustomRewriteInstructionsDialog';
import { savedNotices } from '../ai/writing/saved-notices';
import { useRefreshCosts } from '../billing/api/billing';
import { InsufficientBalancePopover } from '../billing/InsufficientBalancePopover';
import { useBalanceGate } from '../billing/useBalanceGate';
import { useAiAvailability } from '../ai/availability/useAiAvailability';
import { MODEL_REQUIRED_MESSAGE } from '../../shared/ai/ai-messages';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { Modal } from '../components/Modal';
import { Spinner } from '../components/Spinner';
import { DocumentPreview } from '../editor/history/DocumentPreview';
import { useSearchFilters } from '../references/api/search-filters-api';
import {
  parseCitations,
  useRewriteActions,
  useRewriteSections,
  useRewriteStatus,
  type RewriteTreeStatus,
} from './api/paper-rewrite-api';
import { RewriteCitationReport } from './RewriteCitationReport';
import { RewriteSectionTree } from './RewriteSectionTree';
import {
  applyRewrites,
  DEFAULT_TASK,
  mergeCitations,
  startBody,
  treeSections,
  type SectionTask,
  type TreeSection,
} from './rewrite-plan';

interface RewritePaperModalProps {
  paper: Paper;
  /** The editor's markdown (saved before a rewrite starts). */
  getMarkdown: () => string;
  /**
   * The editor's citation list: it holds the works of a ✦ rewrite accepted and not saved yet,
   * which the stored paper does not, so the preview shows their labels instead of raw ids.
   */
  citations: readonly unknown[];
  /** Saves unsaved typing; false when it could not be saved. */
  saveUnsaved: () => Promise<boolean>;
  /** The paper after Save wrote the rewritten sections into it. */
  onSaved: (paper: Paper) => void;
  onClose: () => void;
}

/** 001 §4: 'completed' is done, 'error: …' failed, any other non-empty text is processing. */
function phaseOf(status: string | undefined): 'idle' | 'processing' | 'completed' | 'error' {
  if (!status) return 'idle';
  if (status === 'completed') return 'completed';
  if (status.startsWith('error:')) return 'error';
  return 'processing';
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The Rewrite Paper modal (001 §2): the section tree on the left third, a preview of all
 * sections on the right, the job's status in the header, polled every 10 s (001 §9).
 */
export function RewritePaperModal(props: RewritePaperModalProps) {
  const { paper } = props;
  const [markdown, setMarkdown] = useState(props.getMarkdown);
  const tree = useMemo(() => treeSections(markdown), [markdown]);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [tasks, setTasks] = useState<Map<number, SectionTask>>(() => new Map());
  const [editing, setEditing] = useState<TreeSection | null>(null);
  const [busy, setBusy] = useState<'start' | 'cancel' | 'save' | 'delete' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [topUp, setTopUp] = useState(false);

  const status = useRewriteStatus(paper.id);
  const sections = useRewriteSections(paper.id);
  const actions = useRewriteActions(paper.id);
  const gate = useBalanceGate();
  // Without a model the server refuses to start (503): say so before Start is pressed.
  const modelMissing = useAiAvailability()('rewrite-paper').reason === MODEL_REQUIRED_MESSAGE;
  const settings = useAiSettings();
  const { filters, ready: filtersReady } = useSearchFilters();
  const refreshCosts = useRefreshCosts();
  const phase = phaseOf(status.data);
  const results = useMemo(() => sections.data ?? [], [sections.data]);
  const completed = results.filter((section) => section.status === 'completed');

  // Each new status brings the sections it speaks of; a finished job changed the balance.
  const { refresh } = actions;
  const lastStatus = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (status.data === undefined || status.data === lastStatus.current) return;
    const previous = lastStatus.current;
    lastStatus.current = status.data;
    if (previous === undefined) return;
    const current = status.data;
    if (phaseOf(current) !== 'processing') refreshCosts();
    // 001 §8: a status 'error: …' shows the text after it in a toast.
    void refresh().then(() => {
      if (phaseOf(current) === 'error') setToast(current.slice('error:'.length).trim());
    });
  }, [status.data, refresh, refreshCosts]);

  // The tree shows the running or finished job's choice.
  const jobIndexes = useMemo(() => new Set(results.map((s) => s.section_index)), [results]);
  const statusOf = (sectionIndex: number): RewriteTreeStatus =>
    results.find((section) => section.section_index === sectionIndex)?.status ?? 'not_started';
  const shownSelection = phase === 'processing' ? jobIndexes : selected;
  const selectable = tree.filter((section) => !section.empty);
  const chosen = selectable.filter((section) => selected.has(section.sectionIndex));

  const preview = useMemo(() => {
    const applied = applyRewrites(
      markdown,
      completed.map((section) => ({
        sectionIndex: section.section_index,
        originalContent: section.original_content,
        content: section.content,
      })),
    );
    const works = completed.flatMap(parseCitations);
    return { markdown: applied.markdown, citations: mergeCitations(props.citations, works) };
  }, [markdown, completed, props.citations]);

  const start = async () => {
    setError(null);
    setBusy('start');
    try {
      if (!(await props.saveUnsaved())) {
        setError('Failed to start rewrite: your changes could not be saved first.');
        return;
      }
      const current = props.getMarkdown();
      setMarkdown(current);
      await actions.start(
        startBody({
          paper,
          sections: treeSections(current),
          selected,
          tasks,
          allReferences: paper.citations,
          filters: filtersReady ? filters : undefined,
          selectedModel: settings.data?.selectedModel,
        }),
      );
    } catch (failure) {
      setError(`Failed to start rewrite: ${messageOf(failure)}`);
    } finally {
      setBusy(null);
    }
  };

  const cancel = async () => {
    setError(null);
    setBusy('cancel');
    try {
      await actions.cancel();
    } catch (failure) {
      setError(
        failure instanceof Error && failure.message ? failure.message : 'Failed to cancel job',
      );
    } finally {
      setBusy(null);
    }
  };

  const deleteResults = async () => {
    setConfirmDelete(false);
    setError(null);
    setBusy('delete');
    try {
      await actions.clearStatus();
    } catch {
      setError('Failed to save changes');
    } finally {
      setBusy(null);
    }
  };

  // Save: the server merges each rewritten section into the live document against the text it
  // had when the rewrite started, so what was typed since stays beside it, and records the
  // version it replaces in the history; then the results are cleared.
  const save = async () => {
    setError(null);
    setBusy('save');
    try {
      const result = await actions.save();
      props.onSaved(result.paper);
      const notices = savedNotices(result.sections);
      if (notices) {
        setMarkdown(result.paper.content);
        setError(notices);
        return;
      }
      props.onClose();
    } catch {
      setError('Failed to save changes');
    } finally {
      setBusy(null);
    }
  };

  const headerStatus =
    phase === 'processing'
      ? status.data
      : phase === 'completed'
        ? 'Rewrite completed'
        : phase === 'error'
          ? status.data?.slice('error:'.length).trim()
          : '';
  const initError = status.isError
    ? 'Failed to initialize'
    : sections.isError
      ? 'Failed to fetch sections'
      : null;

  return (
    <Modal
      title={
        <span className="rewrite-header">
          <span>Rewrite Paper</span>
          {headerStatus && (
            <span className="rewrite-processing-status" role="status">
              {phase === 'processing' && <Spinner label="Rewriting" />} {headerStatus}
            </span>
          )}
        </span>
      }
      onClose={props.onClose}
      width="90vw"
      className="rewrite-paper-modal"
      footer={
        <div className="rewrite-footer">
          <button
            type="button"
            className="button"
            disabled={phase !== 'processing' || busy !== null}
            onClick={() => void cancel()}
          >
            Cancel
          </button>
          <button
            type="button"
            className="button danger"
            disabled={phase === 'processing' || results.length === 0 || busy !== null}
            onClick={() => setConfirmDelete(true)}
          >
            Delete new contents
          </button>
          <button
            type="button"
            className="button primary"
            disabled={phase === 'processing' || completed.length === 0 || busy !== null}
            onClick={() => void save()}
          >
            {busy === 'save' ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className="button" onClick={props.onClose}>
            Close
          </button>
        </div>
      }
    >
      {(error ?? initError) && (
        <p className="error-box" role="alert">
          {error ?? initError}
        </p>
      )}
      {toast && (
        <div className="toast" role="alert">
          <span>{toast}</span>
          <button type="button" className="link-button" onClick={() => setToast(null)}>
            Dismiss
          </button>
        </div>
      )}
      <div className="rewrite-layout">
        <aside className="rewrite-left">
          <div className="rewrite-tree-actions">
            <button
              type="button"
              className="button"
              disabled={phase === 'processing'}
              onClick={() => setSelected(new Set(selectable.map((s) => s.sectionIndex)))}
            >
              Select All
            </button>
            <button
              type="button"
              className="button"
              disabled={phase === 'processing'}
              onClick={() => setSelected(new Set())}
            >
              Deselect All
            </button>
          </div>
          <RewriteSectionTree
            sections={tree}
            selected={shownSelection}
            customised={new Set(tasks.keys())}
            statusOf={statusOf}
            editable={phase !== 'processing'}
            onToggle={(index) =>
              setSelected((current) => {
                const next = new Set(current);
                if (!next.delete(index)) next.add(index);
                return next;
              })
            }
            onEditInstructions={setEditing}
          />
          <button
            type="button"
            className="button primary block"
            disabled={
              phase === 'processing' ||
              chosen.length === 0 ||
              !gate.allowed ||
              modelMissing ||
              busy !== null
            }
            onClick={() => void start()}
          >
            {busy === 'start' ? 'Starting…' : 'Rewrite selected sections'}
          </button>
          {modelMissing && <p className="error-text">{MODEL_REQUIRED_MESSAGE}</p>}
          {!gate.allowed && (
            <div className="balance-guard">
              <p className="muted">{gate.message}</p>
              <button type="button" className="button" onClick={() => setTopUp(true)}>
                Top Up
              </button>
              {topUp && (
                <InsufficientBalancePopover
                  balance={gate.balance ?? 0}
                  required={gate.costPerSection}
                  message={gate.message}
                  onClose={() => setTopUp(false)}
                />
              )}
            </div>
          )}
        </aside>
        <div className="rewrite-right">
          <section className="rewrite-preview" aria-label="Preview">
            <DocumentPreview
              markdown={preview.markdown}
              citations={preview.citations}
              label="Preview of all sections"
            />
          </section>
          <RewriteCitationReport sections={results} />
        </div>
      </div>
      {editing && (
        <CustomRewriteInstructionsDialog
          sectionLabel={`${editing.sectionNumber} ${editing.sectionTitle}`}
          initial={tasks.get(editing.sectionIndex) ?? DEFAULT_TASK}
          defaults={DEFAULT_TASK}
          onSave={(task) => {
            setTasks((current) => {
              const next = new Map(current);
              const isDefault =
                task.instructions === DEFAULT_TASK.instructions && task.enableLiteratureSearch;
              if (isDefault) next.delete(editing.sectionIndex);
              else next.set(editing.sectionIndex, task);
              return next;
            });
            setSelected((current) => new Set(current).add(editing.sectionIndex));
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {confirmDelete && (
        <ConfirmDialog
          title="Delete new contents?"
          message="The rewritten sections will be deleted and the paper stays as it is. This cannot be undone."
          confirmLabel="Delete"
          danger
          onConfirm={() => void deleteResults()}
          onCancel={() => setConfirmDelete(false)}
        />
      )}
    </Modal>
  );
}
