import { useMemo, useState } from 'react';
import type { Change } from 'diff';
import { Modal } from '../../components/Modal';
import { DocumentPreview } from '../history/DocumentPreview';
import type { Draft } from '../saving/draft';
import { wordDiff } from './word-diff';

export type CompareReason = 'autosave' | 'conflict';

interface CompareVersionsDialogProps {
  reason: CompareReason;
  saved: Draft;
  other: Draft;
  /** The paper's works, so the rendered versions show citation labels. */
  citations: unknown;
  onKeepSaved: () => void;
  onUseOther: () => void;
}

const HEADINGS: Record<CompareReason, { saved: string; other: string; note: string }> = {
  autosave: {
    saved: 'Last saved',
    other: 'Autosaved',
    note: 'This paper has autosaved changes that were never saved. Which version do you want to keep?',
  },
  conflict: {
    saved: 'Last saved (in another tab or window)',
    other: 'Your unsaved version (this tab)',
    note: 'This paper was saved in another tab or window since you opened it. Which version do you want to keep?',
  },
};

/** One side of the comparison: its text, with what the other side lacks highlighted. */
function Side({ changes, side }: { changes: Change[]; side: 'saved' | 'other' }) {
  return (
    <>
      {changes.map((change, index) => {
        if (side === 'saved' && change.added) return null;
        if (side === 'other' && change.removed) return null;
        if (!change.added && !change.removed) return <span key={index}>{change.value}</span>;
        return (
          <mark key={index} className={change.added ? 'diff-added' : 'diff-removed'}>
            {change.value}
          </mark>
        );
      })}
    </>
  );
}

/**
 * 'Compare Versions' (spec 002 §2, §4): the last saved version against the autosaved one (or,
 * after a conflicting save, against this tab's text), rendered as the editor shows them, or
 * as markdown with a word-level diff under 'Show differences'.
 */
export function CompareVersionsDialog(props: CompareVersionsDialogProps) {
  const [showDiff, setShowDiff] = useState(false);
  const headings = HEADINGS[props.reason];
  const changes = useMemo(
    () => (showDiff ? wordDiff(props.saved.content, props.other.content) : null),
    [showDiff, props.saved.content, props.other.content],
  );

  const column = (side: 'saved' | 'other') => {
    const draft = side === 'saved' ? props.saved : props.other;
    return (
      <section
        className="compare-column"
        aria-label={side === 'saved' ? headings.saved : headings.other}
      >
        <h3>{side === 'saved' ? headings.saved : headings.other}</h3>
        <p className="compare-title">{draft.title}</p>
        {changes ? (
          <pre className="compare-text">
            <Side changes={changes} side={side} />
          </pre>
        ) : (
          <div className="compare-text compare-rendered">
            <DocumentPreview markdown={draft.content} citations={props.citations} />
          </div>
        )}
      </section>
    );
  };

  return (
    <Modal
      title="Compare Versions"
      // A choice is required: Escape takes the one that loses nothing (the text only this browser
      // holds is saved, the other stays in Version History); a stray press outside does nothing.
      onClose={props.onUseOther}
      closeOnOverlay={false}
      width={1100}
      footer={
        <>
          <button type="button" className="button" onClick={props.onKeepSaved}>
            Keep Last Saved
          </button>
          <button type="button" className="button primary" onClick={props.onUseOther}>
            Use Autosaved
          </button>
        </>
      }
    >
      <p className="muted">{headings.note}</p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={showDiff}
          onChange={(event) => setShowDiff(event.target.checked)}
        />
        Show differences
      </label>
      <div className="compare-columns">
        {column('saved')}
        {column('other')}
      </div>
    </Modal>
  );
}
