import { useId, useRef, type ReactNode } from 'react';
import { FocusEdge, useDialogFocus } from './dialog-focus';

interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** Pixels, or any CSS width ('90vw'). */
  width?: number | string;
  /** Extra class on the dialog panel, for dialogs with their own layout. */
  className?: string;
  /**
   * A body of reading matter with nothing to focus in it: it takes the focus itself, so a
   * keyboard can scroll it.
   */
  readingBody?: boolean;
  /** A press on the overlay closes it (not for a dialog whose closing makes a choice). */
  closeOnOverlay?: boolean;
}

/**
 * A centred dialog: Escape and a click on the overlay close it, focus moves inside, Tab and
 * Shift+Tab go round inside it, and the focus goes back to where it was when it closes.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
  role = 'dialog',
  width = 440,
  className,
  readingBody = false,
  closeOnOverlay = true,
}: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useDialogFocus(panel, onClose);

  return (
    <div
      className="modal-overlay"
      onMouseDown={(event) => {
        if (closeOnOverlay && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        className={className ? `modal ${className}` : 'modal'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ width }}
      >
        <FocusEdge edge="start" />
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        <div className="modal-body" tabIndex={readingBody ? 0 : undefined}>
          {children}
        </div>
        {footer && <div className="modal-footer">{footer}</div>}
        <FocusEdge edge="end" />
      </div>
    </div>
  );
}
