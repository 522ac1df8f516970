import { useEffect, useRef, useState } from 'react';
import type { SectionWork } from '../../shared/papers/paper-structure';
import {
  LEVEL_LABELS,
  addNodeAfter,
  canChangeLevel,
  canMove,
  changeLevel,
  isAddedByUser,
  moveNode,
  removeNode,
  renameNode,
  type OutlineNode,
} from './structure-outline';

interface StructureTreeProps {
  nodes: OutlineNode[];
  onChange: (nodes: OutlineNode[]) => void;
  /** False while a refinement owns the structure. */
  editable: boolean;
  /** The heading being refined: it shows 'Refining...' (001 §2). */
  refiningKey?: string | null;
}

function workLabel(work: SectionWork): string {
  const first = work.authors[0];
  const authors = first ? `${first}${work.authors.length > 1 ? ' et al.' : ''}` : '';
  const year = work.year === null ? '' : ` (${work.year})`;
  return `${authors}${year}${authors || year ? ': ' : ''}${work.title}`;
}

/**
 * The structure overview tree (001 §2): ## to ##### as Chapter, Section, Subsection and
 * Subsubsection, each with its purpose and its works; the user renames, adds, removes,
 * moves and re-levels headings before Save. Every action is a labelled button, so the tree is
 * used with the keyboard as well.
 */
export function StructureTree({ nodes, onChange, editable, refiningKey }: StructureTreeProps) {
  const [editing, setEditing] = useState<string | null>(null);

  const add = (key: string | null) => {
    const added = addNodeAfter(nodes, key, 'New section');
    onChange(added.nodes);
    setEditing(added.key);
  };

  return (
    <div className="structure-tree">
      <ol className="structure-list" aria-label="Structure overview">
        {nodes.map((node) => (
          <li
            key={node.key}
            className={`structure-node level-${node.level}`}
            aria-level={node.level - 1}
            data-testid="structure-node"
          >
            <div className="structure-heading">
              <span className="structure-level">{LEVEL_LABELS[node.level]}</span>
              {editing === node.key ? (
                <RenameField
                  title={node.title}
                  onDone={(title) => {
                    if (title !== null && title.trim())
                      onChange(renameNode(nodes, node.key, title.trim()));
                    setEditing(null);
                  }}
                />
              ) : (
                <span className="structure-title">{node.title}</span>
              )}
              {refiningKey === node.key && (
                <span className="structure-refining" role="status">
                  Refining...
                </span>
              )}
              {editable && editing !== node.key && (
                <span className="structure-actions">
                  <TreeButton
                    label={`Rename ${node.title}`}
                    glyph="✎"
                    onClick={() => setEditing(node.key)}
                  />
                  <TreeButton
                    label={`Move ${node.title} up`}
                    glyph="↑"
                    disabled={!canMove(nodes, node.key, -1)}
                    onClick={() => onChange(moveNode(nodes, node.key, -1))}
                  />
                  <TreeButton
                    label={`Move ${node.title} down`}
                    glyph="↓"
                    disabled={!canMove(nodes, node.key, 1)}
                    onClick={() => onChange(moveNode(nodes, node.key, 1))}
                  />
                  <TreeButton
                    label={`Promote ${node.title}`}
                    glyph="←"
                    disabled={!canChangeLevel(nodes, node.key, -1)}
                    onClick={() => onChange(changeLevel(nodes, node.key, -1))}
                  />
                  <TreeButton
                    label={`Demote ${node.title}`}
                    glyph="→"
                    disabled={!canChangeLevel(nodes, node.key, 1)}
                    onClick={() => onChange(changeLevel(nodes, node.key, 1))}
                  />
                  <TreeButton
                    label={`Add heading after ${node.title}`}
                    glyph="+"
                    onClick={() => add(node.key)}
                  />
                  <TreeButton
                    label={`Remove ${node.title}`}
                    glyph="×"
                    disabled={nodes.length <= 1}
                    onClick={() => onChange(removeNode(nodes, node.key))}
                  />
                </span>
              )}
            </div>
            {node.purpose && <p className="structure-purpose">{node.purpose}</p>}
            {node.works.length > 0 && (
              <ul className="structure-works" aria-label={`Works for ${node.title}`}>
                {node.works.map((work) => (
                  <li key={work.refId} title={work.title}>
                    {workLabel(work)}
                  </li>
                ))}
              </ul>
            )}
            {node.works.length === 0 && !isAddedByUser(node) && (
              <p className="structure-no-works">No works were found for this section.</p>
            )}
          </li>
        ))}
      </ol>
      {editable && nodes.length === 0 && (
        <button type="button" className="button" onClick={() => add(null)}>
          Add chapter
        </button>
      )}
    </div>
  );
}

function TreeButton(props: {
  label: string;
  glyph: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.glyph}
    </button>
  );
}

/** The heading's title in place: Enter keeps it, Escape puts the old one back. */
function RenameField({ title, onDone }: { title: string; onDone: (title: string | null) => void }) {
  const [value, setValue] = useState(title);
  const input = useRef<HTMLInputElement>(null);
  // Leaving the field after Enter or Escape blurs it too: only the first end counts.
  const ended = useRef(false);
  const end = (result: string | null) => {
    if (ended.current) return;
    ended.current = true;
    onDone(result);
  };
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  return (
    <input
      ref={input}
      className="structure-rename"
      aria-label="Heading title"
      value={value}
      maxLength={200}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => end(value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          end(value);
        }
        if (event.key === 'Escape') {
          // The wizard stays open: Escape only leaves the field.
          event.preventDefault();
          event.stopPropagation();
          end(null);
        }
      }}
    />
  );
}
