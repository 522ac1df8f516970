import type { RewriteTreeStatus } from './api/paper-rewrite-api';
import type { TreeSection } from './rewrite-plan';

const STATUS_ICONS: Record<RewriteTreeStatus, string> = {
  not_started: '○',
  processing: '◔',
  completed: '✓',
  failed: '✕',
};

const STATUS_LABELS: Record<RewriteTreeStatus, string> = {
  not_started: 'not started',
  processing: 'processing',
  completed: 'completed',
  failed: 'failed',
};

interface RewriteSectionTreeProps {
  sections: readonly TreeSection[];
  selected: ReadonlySet<number>;
  customised: ReadonlySet<number>;
  statusOf: (sectionIndex: number) => RewriteTreeStatus;
  /** False while a rewrite runs: the selection is the running job's. */
  editable: boolean;
  onToggle: (sectionIndex: number) => void;
  onEditInstructions: (section: TreeSection) => void;
}

/** 001 §2: the section tree, a row per section with checkbox, instruction button and status. */
export function RewriteSectionTree(props: RewriteSectionTreeProps) {
  return (
    <ul className="rewrite-tree" aria-label="Sections">
      {props.sections.map((section) => {
        const label = `${section.sectionNumber} ${section.sectionTitle}`;
        const status = props.statusOf(section.sectionIndex);
        return (
          <li
            key={section.sectionIndex}
            className={`rewrite-tree-row level-${section.sectionLevel}`}
            style={{ paddingLeft: `${(section.sectionLevel - 2) * 1.1}rem` }}
          >
            <label
              className="rewrite-tree-label"
              title={section.empty ? 'Sections without text are not rewritten' : label}
            >
              <input
                type="checkbox"
                aria-label={`Select ${label}`}
                checked={props.selected.has(section.sectionIndex) && !section.empty}
                disabled={!props.editable || section.empty}
                onChange={() => props.onToggle(section.sectionIndex)}
              />
              <span className={section.empty ? 'rewrite-tree-title empty' : 'rewrite-tree-title'}>
                {label}
                {section.empty && <span className="rewrite-tree-note"> (empty)</span>}
              </span>
            </label>
            <button
              type="button"
              className={
                props.customised.has(section.sectionIndex)
                  ? 'icon-button rewrite-instructions customised'
                  : 'icon-button rewrite-instructions'
              }
              title={`Custom instructions for ${label}`}
              aria-label={`Custom instructions for ${label}`}
              disabled={!props.editable || section.empty}
              onClick={() => props.onEditInstructions(section)}
            >
              ✎
            </button>
            <span
              className={`rewrite-status-icon ${status}`}
              role="img"
              aria-label={`${label}: ${STATUS_LABELS[status]}`}
              title={STATUS_LABELS[status]}
            >
              {STATUS_ICONS[status]}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
