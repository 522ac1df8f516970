import {
  closestCenter,
  DndContext,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { useAnnouncement } from '../../components/LiveAnnouncer';
import { progressText } from './job-state';
import { useKeyboardReorder } from './useKeyboardReorder';
import { SectionRow, type ListRow } from './SectionRow';
import { SEQUENCE_FAILED, type WritingProcess } from './useWritingProcess';
import { CustomInstructionsDialog } from '../instructions/CustomInstructionsDialog';
import { formatDollars } from '../../../shared/billing/money';
import {
  coverageWarning,
  EMPTY_SECTION_HINT,
  estimatedCost,
  REFERENCE_LIST_HINT,
  writable,
} from './writing-outline';
import './writing.css';

interface WritingProcessModalProps {
  process: WritingProcess;
  costPerSection: number;
  /**
   * Why the writing cannot start (no model configured, or a balance not above the cost per
   * section, 001 §6), shown before Start; null when it can.
   */
  unavailable: string | null;
  /** The balance in dollars, null when not known or billing is off. */
  balance: number | null;
  /** How many sections the balance pays for in a row (Infinity when billing is off). */
  sectionsCovered: number;
  onClose: () => void;
}

type Confirm = 'cancel' | 'discard' | null;

/** The AI Writing Process modal (001 §2). */
export function WritingProcessModal(props: WritingProcessModalProps) {
  const { process } = props;
  const { job, plan } = process;
  const [editing, setEditing] = useState<ListRow | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  // The mouse drags through the library; the keyboard moves rows through useKeyboardReorder.
  const sensors = useSensors(useSensor(PointerSensor));

  const planning = job === null;
  useAnnouncement(job ? progressText(job) : null);
  const rows: ListRow[] = job
    ? job.sections.map((section) => ({
        sectionIndex: section.sectionIndex,
        sectionNumber: section.sectionNumber,
        sectionTitle: section.sectionTitle,
        sectionLevel: section.sectionLevel,
        empty: false,
        referenceList: false,
        selected: true,
        customInstructions: section.customInstructions,
        written: section,
      }))
    : plan?.kind === 'ready'
      ? plan.rows
      : [];
  const selectable = rows.filter(writable);
  const selected = selectable.filter((row) => row.selected);
  const allSelected = selectable.length > 0 && selected.length === selectable.length;
  const finished = job
    ? job.sections.filter((s) => s.status === 'completed' || s.status === 'failed').length
    : 0;
  const written = job ? job.sections.filter((s) => s.status === 'completed').length : 0;
  const reasoning = job ? job.metadata.reasoning : plan?.kind === 'ready' ? plan.reasoning : '';

  const coverage = coverageWarning(
    selected.length,
    props.sectionsCovered,
    formatDollars(props.balance ?? 0),
  );

  const keyboard = useKeyboardReorder(rows, process.reorder);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    process.reorder((list) => {
      const from = list.findIndex((row) => row.sectionIndex === active.id);
      const to = list.findIndex((row) => row.sectionIndex === over.id);
      return from >= 0 && to >= 0 ? arrayMove(list, from, to) : list;
    });
  };

  const footer = (
    <>
      {planning && (
        <button
          type="button"
          className="button primary"
          disabled={process.busy || selected.length === 0 || props.unavailable !== null}
          title={props.unavailable ?? undefined}
          onClick={() => void process.start()}
        >
          Start the writing process
        </button>
      )}
      {job && !process.ended && (
        <button
          type="button"
          className="button danger"
          disabled={process.busy}
          onClick={() => setConfirm('cancel')}
        >
          Cancel the writing process
        </button>
      )}
      {job && process.ended && (
        <>
          <button
            type="button"
            className="button danger"
            disabled={process.busy}
            onClick={() => setConfirm('discard')}
          >
            Discard the result
          </button>
          <button
            type="button"
            className="button primary"
            disabled={process.busy || written === 0}
            onClick={() => void process.save().then((saved) => saved && props.onClose())}
          >
            Save the result
          </button>
        </>
      )}
      <button type="button" className="button" onClick={props.onClose}>
        Close
      </button>
    </>
  );

  return (
    <Modal title="AI Writing Process" onClose={props.onClose} width={820} footer={footer}>
      <div className="writing-notices">
        <p>
          The AI writes the selected sections one after another, in the order of this list, each
          knowing what the sections before it say. It may take several minutes; you can close this
          window and the writing goes on.
        </p>
        <p>
          The text is based on scientific abstracts only: add your own research content and check
          every citation before you rely on it.
        </p>
      </div>
      {planning && (
        <p className="writing-cost">
          Estimated cost: <strong>{estimatedCost(selected.length, props.costPerSection)}</strong>{' '}
          <span className="muted">
            ({selected.length} × {`$${props.costPerSection.toFixed(2)}`} per section). The actual
            cost may be higher.
          </span>
        </p>
      )}
      {planning && props.unavailable && <p className="error-text">{props.unavailable}</p>}
      {planning && !props.unavailable && coverage && (
        <p className="error-text" role="note">
          {coverage}
        </p>
      )}
      {job && (
        <div className="writing-progress">
          <progress max={job.sections.length} value={finished} aria-label="Writing progress" />
          {/* Said by the page's announcer, which exists before this line appears. */}
          <p role="status" aria-live="off">
            {progressText(job)}
          </p>
        </div>
      )}
      {plan?.kind === 'loading' && !job && (
        <p className="writing-loading">
          <Spinner /> Determining the optimal order…
        </p>
      )}
      {plan?.kind === 'ready' && plan.sequenceFailed && !job && (
        <p className="error-text">{SEQUENCE_FAILED}</p>
      )}
      {reasoning && (
        <div className="writing-reasoning">
          <strong>Why this order:</strong> {reasoning}
        </div>
      )}
      {rows.length > 0 && (
        <>
          <label className="writing-select-all">
            <input
              type="checkbox"
              checked={allSelected}
              disabled={!planning || selectable.length === 0}
              onChange={() => process.selectAll(!allSelected)}
            />
            Select all
          </label>
          {rows.some((row) => row.empty) && <p className="muted small">{EMPTY_SECTION_HINT}</p>}
          {rows.some((row) => row.referenceList) && (
            <p className="muted small">{REFERENCE_LIST_HINT}</p>
          )}
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext
              items={rows.map((row) => row.sectionIndex)}
              strategy={verticalListSortingStrategy}
            >
              <ol className="writing-list" aria-label="Sections in writing order">
                {rows.map((row) => (
                  <SectionRow
                    key={row.sectionIndex}
                    row={row}
                    planning={planning}
                    onToggle={() => process.toggle(row.sectionIndex)}
                    onEditInstructions={() => setEditing(row)}
                    keyboard={keyboard.handleProps(row)}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
          <p className="visually-hidden" role="status" aria-live="assertive">
            {keyboard.announcement}
          </p>
        </>
      )}
      {plan?.kind === 'ready' && rows.length === 0 && (
        <p className="muted">The paper has no numbered sections to write. Add headings first.</p>
      )}

      {editing && (
        <CustomInstructionsDialog
          sectionLabel={`${editing.sectionNumber} ${editing.sectionTitle}`}
          placeholder="What this section should say, e.g. 'Report the effect sizes with confidence intervals.'"
          initial={editing.customInstructions}
          emptyClears
          onSubmit={(value) => {
            process.setInstructions(editing.sectionIndex, value);
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {confirm === 'cancel' && (
        <ConfirmDialog
          title="Cancel the writing process?"
          message="The section being written stops now and is not charged. Sections already written are kept until you save or discard them."
          confirmLabel="Cancel the writing process"
          danger
          onConfirm={() => {
            setConfirm(null);
            void process.cancel();
          }}
          onCancel={() => setConfirm(null)}
        />
      )}
      {confirm === 'discard' && (
        <ConfirmDialog
          title="Discard the result?"
          message="Every section written by this process is deleted. Your paper stays as it is."
          confirmLabel="Discard"
          danger
          onConfirm={() => {
            setConfirm(null);
            void process.discard();
          }}
          onCancel={() => setConfirm(null)}
        />
      )}
    </Modal>
  );
}
