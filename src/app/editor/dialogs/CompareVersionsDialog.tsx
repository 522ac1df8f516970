import { useMemo, useState } from 'react';
import type { Change } from 'diff';
import { Modal } from '../../components/Modal';
import { DocumentPreview } from '../history/DocumentPreview';
import type { Draft } from '../saving/draft';
import { wordDiff } from './word-diff';

interface CompareVersionsDialogProps {
  /** The chosen version of Version History. */
  version: Draft & { number: number };
  /** The paper as it is now: its live document and the title being edited. */
  current: Draft;
  /** The paper's works, so the rendered versions show citation labels. */
  citations: unknown;
  restoring: boolean;
  onRestore: () => void;
  onKeepCurrent: () => void;
}

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
 * 'Compare Versions' (spec 002 §2, §4) on the live document (docs/live-document.md): a version
 * from Version History against the paper as it is now, rendered as the editor shows them, or
 * as markdown with a word-level diff under 'Show differences'. The spec's reasons to open it
 * on its own (an autosave never saved, another tab's save) no longer arise, so it opens from
 * Version History, and its choices are that version or the current text.
 */
export function CompareVersionsDialog(props: CompareVersionsDialogProps) {
  const [showDiff, setShowDiff] = useState(false);
  const headings = { saved: `Version ${props.version.number}`, other: 'Current' };
  const versionContent = props.version.content;
  const currentContent = props.current.content;
  const changes = useMemo(
    () => (showDiff ? wordDiff(versionContent, currentContent) : null),
    [showDiff, versionContent, currentContent],
  );

  const column = (side: 'saved' | 'other') => {
    const draft = side === 'saved' ? props.version : props.current;
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
      // Escape and Close keep the current text: nothing changes until a restore is confirmed.
      onClose={props.onKeepCurrent}
      width={1100}
      footer={
        <>
          <button type="button" className="button" onClick={props.onKeepCurrent}>
            Keep current
          </button>
          <button
            type="button"
            className="button primary"
            disabled={props.restoring}
            onClick={props.onRestore}
          >
            Restore this version
          </button>
        </>
      }
    >
      <p className="muted">
        {`Version ${props.version.number} against the paper as it is now. Restoring it keeps the current text in Version History.`}
      </p>
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
