interface PaperTitleBarProps {
  title: string;
  dirty: boolean;
  /** A save has completed since the paper was opened: 'Saved' shows while nothing changed. */
  saved: boolean;
  saving: boolean;
  onTitleChange: (title: string) => void;
  /** Enter in the title saves the paper. */
  onCommit: () => void;
  /** Escape puts the stored title back. */
  onRevert: () => void;
  onClose: () => void;
  /** While an AI rewrite owns the paper the title takes no input either. */
  readOnly?: boolean;
}

export function PaperTitleBar(props: PaperTitleBarProps) {
  return (
    <div className="paper-header">
      <input
        className="title-input"
        aria-label="Paper title"
        title={props.title}
        value={props.title}
        maxLength={500}
        readOnly={props.readOnly}
        onChange={(event) => props.onTitleChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.currentTarget.blur();
            props.onCommit();
          }
          if (event.key === 'Escape') {
            props.onRevert();
            event.currentTarget.blur();
          }
        }}
      />
      <span className={props.dirty ? 'save-state unsaved' : 'save-state'} aria-live="polite">
        {props.saving ? 'Saving…' : props.dirty ? 'Unsaved changes' : props.saved ? 'Saved' : ''}
      </span>
      <button type="button" className="button" onClick={props.onClose} title="Close paper">
        Close
      </button>
    </div>
  );
}
