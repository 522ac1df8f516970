import { useEffect, useId, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { tabbableIn } from './tabbable';

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

/**
 * Tab past either end of a dialog lands on a guard (its first and last child), which passes the
 * focus round to the other end; the browser's own order (radio groups, a video's controls)
 * decides everything in between.
 */
function wrapFocus(edge: 'start' | 'end', event: FocusEvent<HTMLSpanElement>) {
  const root = event.currentTarget.parentElement;
  if (!root) return;
  const stops = tabbableIn(root);
  const fromInside = event.relatedTarget instanceof Node && root.contains(event.relatedTarget);
  // Past the end from inside, or into the start from outside: the first stop.
  const toFirst = (edge === 'end') === fromInside;
  (toFirst ? stops[0] : stops.at(-1))?.focus();
}

/**
 * The focus has left the dialog (its element was removed, or the page had it): Tab brings it
 * back to the dialog's first stop (Shift+Tab: its last) instead of going on behind it. A pop-up
 * opened from the dialog lies outside it (in the page's body) and keeps its own keys.
 */
function bringFocusBack(root: HTMLElement | null, event: KeyboardEvent) {
  const active = document.activeElement;
  if (!root || root.contains(active) || active?.closest('.popup')) return;
  event.preventDefault();
  const stops = tabbableIn(root);
  (event.shiftKey ? stops.at(-1) : stops[0])?.focus();
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
}: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  // Where the focus was when the dialog opened (mostly the button that opened it), read as it
  // first renders: StrictMode runs the effect below twice, the second time with the focus inside.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );

  useEffect(() => {
    // Escape closes only the topmost of several open dialogs (a dialog opened from a dialog).
    const id = Symbol('modal');
    openModals.push(id);
    const onKey = (event: KeyboardEvent) => {
      if (openModals[openModals.length - 1] !== id) return;
      if (event.key === 'Escape') close.current();
      if (event.key === 'Tab' && !event.defaultPrevented) bringFocusBack(panel.current, event);
    };
    window.addEventListener('keydown', onKey);
    const focusable = panel.current?.querySelector<HTMLElement>(
      'input, textarea, select, button.primary, button',
    );
    focusable?.focus();
    return () => {
      openModals.splice(openModals.indexOf(id), 1);
      window.removeEventListener('keydown', onKey);
      // A keyboard user goes on from where they were, not from the top of the page; unless
      // closing the dialog put the focus somewhere on purpose (a paper it opened).
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [opener]);

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
        <span tabIndex={0} data-focus-edge="" onFocus={(event) => wrapFocus('start', event)} />
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        <div className="modal-body" tabIndex={readingBody ? 0 : undefined}>
          {children}
        </div>
        {footer && <div className="modal-footer">{footer}</div>}
        <span tabIndex={0} data-focus-edge="" onFocus={(event) => wrapFocus('end', event)} />
      </div>
    </div>
  );
}
