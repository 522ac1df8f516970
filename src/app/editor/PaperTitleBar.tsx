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

/**
 * Done with the title (Enter or Escape): the person goes on in the paper's text. A plain blur
 * dropped the focus to the page's body, where a keyboard user starts again from the top.
 */
function toPaperText(title: HTMLInputElement) {
  const text = title.closest('.paper-editor')?.querySelector<HTMLElement>('.scriptor-editor');
  if (text) text.focus();
  else title.blur();
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
            // Else the key's input goes on to the text and splits its paragraph.
            event.preventDefault();
            toPaperText(event.currentTarget);
            props.onCommit();
          }
          if (event.key === 'Escape') {
            props.onRevert();
            toPaperText(event.currentTarget);
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
