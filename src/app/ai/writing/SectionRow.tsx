import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useState } from 'react';
import { DocumentPreview } from '../../editor/history/DocumentPreview';
import { useReferences } from '../../references/references-context';
import type {
  CustomInstructions,
  WritingJobSection,
  WritingSectionStatus,
} from './api/writing-api';
import { SectionReview } from './SectionReview';
import type { KeyboardMove } from './useKeyboardReorder';
import {
  EMPTY_SECTION_HINT,
  REFERENCE_LIST_HINT,
  unwritableHint,
  writable,
  type OutlineRow,
} from './writing-outline';

export interface ListRow extends OutlineRow {
  selected: boolean;
  customInstructions: CustomInstructions | null;
  /** The job's section once writing started. */
  written?: WritingJobSection;
}

const STATUS_ICON: Record<WritingSectionStatus, string> = {
  pending: '○',
  writing: '◔',
  completed: '✓',
  failed: '✕',
};

/** A failed row says, without being opened, that nothing was charged and why it failed. */
function failureText(error: string | null): string {
  const failed = 'Writing this section failed; it was not charged.';
  return error ? `${failed} ${error}` : failed;
}

interface SectionRowProps {
  row: ListRow;
  /** Reordering and selecting are open only before the writing starts. */
  planning: boolean;
  onToggle: () => void;
  onEditInstructions: () => void;
  keyboard: KeyboardMove;
}

/** One row of the AI Writing Process list: checkbox, drag handle, status, title, actions. */
export function SectionRow({
  row,
  planning,
  onToggle,
  onEditInstructions,
  keyboard,
}: SectionRowProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: row.sectionIndex,
    disabled: !planning,
  });
  const { lifted, registerHandle, onKeyDown, onBlur } = keyboard;
  const [open, setOpen] = useState(false);
  const { openWork } = useReferences();
  const label = `${row.sectionNumber} ${row.sectionTitle}`;
  const status: WritingSectionStatus = row.written?.status ?? 'pending';
  const content = row.written?.content ?? '';
  const written = status === 'completed';
  return (
    <li
      ref={setNodeRef}
      className={isDragging || lifted ? 'writing-row dragging' : 'writing-row'}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-status={status}
    >
      <div className="writing-row-line" style={{ paddingLeft: (row.sectionLevel - 2) * 16 }}>
        <input
          type="checkbox"
          aria-label={`Select ${label}`}
          checked={row.selected && writable(row)}
          disabled={!planning || !writable(row)}
          title={unwritableHint(row)}
          onChange={onToggle}
        />
        <button
          type="button"
          className="writing-drag-handle"
          aria-label={`Move ${label}`}
          disabled={!planning}
          {...attributes}
          {...listeners}
          ref={registerHandle}
          aria-pressed={lifted}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        >
          ⠿
        </button>
        <span
          className={`writing-status ${status}`}
          role="img"
          aria-label={`Status: ${status}`}
          title={status}
        >
          {STATUS_ICON[status]}
        </span>
        <span className="writing-row-title">
          {label}
          {row.empty && (
            <em className="muted" title={EMPTY_SECTION_HINT}>
              {' '}
              (empty section)
            </em>
          )}
          {row.referenceList && (
            <em className="muted" title={REFERENCE_LIST_HINT}>
              {' '}
              (reference list)
            </em>
          )}
          {row.customInstructions && (
            <span className="writing-has-instructions"> ✎ instructions</span>
          )}
        </span>
        <button
          type="button"
          className="link-button"
          aria-label={`Edit instructions for ${label}`}
          disabled={!planning || !writable(row)}
          onClick={onEditInstructions}
        >
          Edit instructions
        </button>
        <button
          type="button"
          className="link-button"
          aria-expanded={open}
          aria-label={`${open ? 'Hide' : 'Show'} written content of ${label}`}
          disabled={!written}
          onClick={() => setOpen(!open)}
        >
          {open ? '▾' : '▸'}
        </button>
      </div>
      {status === 'failed' && (
        <p className="error-text writing-row-error">{failureText(row.written?.error ?? null)}</p>
      )}
      {open && row.written && written && (
        <div className="writing-row-content">
          {/* As the editor will show it: citations as their in-text labels, each opening
              its work with the certainty and reasoning the check gave it. */}
          <DocumentPreview
            markdown={content}
            citations={row.written.citations}
            label={`Written content of ${label}`}
            className="prose document-preview writing-text"
            onCitationClick={(refId) => {
              const work = row.written?.citations.find((cited) => cited.refId === refId);
              if (work) openWork(work);
            }}
          />
          <SectionReview section={row.written} />
        </div>
      )}
    </li>
  );
}
