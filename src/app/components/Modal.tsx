import { useEffect, useId, useRef, type ReactNode } from 'react';

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
}

const openModals: symbol[] = [];

/** A centred dialog: Escape and a click on the overlay close it, focus moves inside. */
export function Modal({
  title,
  onClose,
  children,
  footer,
  role = 'dialog',
  width = 440,
  className,
  readingBody = false,
}: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    // Escape closes only the topmost of several open dialogs (a dialog opened from a dialog).
    const id = Symbol('modal');
    openModals.push(id);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && openModals[openModals.length - 1] === id) close.current();
    };
    window.addEventListener('keydown', onKey);
    const focusable = panel.current?.querySelector<HTMLElement>(
      'input, textarea, select, button.primary, button',
    );
    focusable?.focus();
    return () => {
      openModals.splice(openModals.indexOf(id), 1);
      window.removeEventListener('keydown', onKey);
    };
  }, []);

  return (
    <div
      className="modal-overlay"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        className={className ? `modal ${className}` : 'modal'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        style={{ width }}
      >
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        <div className="modal-body" tabIndex={readingBody ? 0 : undefined}>
          {children}
        </div>
        {footer && <div className="modal-footer">{footer}</div>}
      </div>
    </div>
  );
}
