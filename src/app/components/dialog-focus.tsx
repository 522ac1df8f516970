import { useEffect, useRef, useState, type FocusEvent, type RefObject } from 'react';
import { tabbableIn } from './tabbable';

const openDialogs: symbol[] = [];

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

/** A dialog's first and last child: the ends Tab goes round at (useDialogFocus). */
export function FocusEdge({ edge }: { edge: 'start' | 'end' }) {
  return <span tabIndex={0} data-focus-edge="" onFocus={(event) => wrapFocus(edge, event)} />;
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
 * A modal dialog's keyboard behaviour, for the panel `panel` whose first and last children are
 * FocusEdges: the focus moves inside when it opens, Tab and Shift+Tab go round inside it,
 * Escape calls `onEscape` (only for the topmost of several open dialogs: a dialog opened from a
 * dialog), and the focus goes back to where it was when it closes.
 */
export function useDialogFocus(panel: RefObject<HTMLElement | null>, onEscape: () => void) {
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  }, [onEscape]);

  // Where the focus was when the dialog opened (mostly the button that opened it), read as it
  // first renders: StrictMode runs the effect below twice, the second time with the focus inside.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );

  useEffect(() => {
    const id = Symbol('dialog');
    openDialogs.push(id);
    const onKey = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== id) return;
      if (event.key === 'Escape') escape.current();
      if (event.key === 'Tab' && !event.defaultPrevented) bringFocusBack(panel.current, event);
    };
    window.addEventListener('keydown', onKey);
    const focusable = panel.current?.querySelector<HTMLElement>(
      'input, textarea, select, button.primary, button',
    );
    // Nothing to focus yet (a dialog still loading): the dialog itself, never its opener behind.
    (focusable ?? panel.current)?.focus();
    return () => {
      openDialogs.splice(openDialogs.indexOf(id), 1);
      window.removeEventListener('keydown', onKey);
      // A keyboard user goes on from where they were, not from the top of the page; unless
      // closing the dialog put the focus somewhere on purpose (a paper it opened).
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [opener, panel]);
}
