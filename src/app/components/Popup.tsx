import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { useClickOutside } from './useClickOutside';
import { focusItem, isActionItem, onMenuKeyDown } from './menu-keys';
import { tabbableIn } from './tabbable';
import type { MenuOpening } from './useMenuButton';

/** Where the pop-up opens relative to its anchor. */
export type PopupPlacement = 'below-start' | 'below-end' | 'beside';

interface PopupProps {
  /** The element the pop-up belongs to (its button): a press inside it does not close it. */
  anchor: RefObject<HTMLElement | null>;
  placement: PopupPlacement;
  onClose: () => void;
  className?: string;
  id?: string;
  role?: 'menu' | 'dialog';
  label?: string;
  /**
   * The button that opened it. With it the pop-up keeps the keyboard: the focus moves inside
   * when it opens, Escape and a choice give it back to the button, Tab closes the pop-up and goes
   * on from the button, and it never drops to the page's body when the pop-up closes.
   */
  button?: RefObject<HTMLElement | null>;
  /**
   * A menu for the keyboard too (with `button`): its first (or last) item takes the focus when
   * it opens and the arrow keys, Home and End move among the items.
   */
  keyboardMenu?: boolean;
  initialFocus?: MenuOpening;
  children: ReactNode;
}

const GAP = 4;
const MARGIN = 8;
/** The least height a pop-up scrolls in below its button rather than covering what is above. */
const MIN_ROOM_BELOW = 240;

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}

/** Fixed coordinates for a pop-up of `size` at `anchor`, kept fully inside the viewport. */
function place(anchor: DOMRect, size: DOMRect, placement: PopupPlacement): CSSProperties {
  const width = window.innerWidth;
  const height = window.innerHeight;
  let left: number;
  let top: number;
  if (placement === 'beside') {
    left = anchor.right + GAP;
    top = anchor.top;
  } else {
    left = placement === 'below-start' ? anchor.left : anchor.right - size.width;
    top = anchor.bottom + GAP;
    const below = height - MARGIN - top;
    if (size.height > below) {
      // No room below: above the anchor when it fits there; else below, scrolling, when there
      // is room for a few entries (shifted up, it would cover what is above its button, such
      // as the paper's title).
      if (anchor.top - GAP - size.height >= MARGIN) top = anchor.top - GAP - size.height;
      else if (below >= MIN_ROOM_BELOW) {
        return { left: clamp(left, MARGIN, width - size.width - MARGIN), top, maxHeight: below };
      }
    }
  }
  return {
    left: clamp(left, MARGIN, width - size.width - MARGIN),
    top: clamp(top, MARGIN, height - size.height - MARGIN),
    maxHeight: height - 2 * MARGIN,
  };
}

/** The control the focus goes back to: the given button, else the anchor's first button. */
function returnTarget(
  anchor: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null> | undefined,
): HTMLElement | null {
  return button?.current ?? anchor.current?.querySelector('button') ?? anchor.current;
}

/** The Tab stop after (or before) `button`, leaving out the pop-up; inside its dialog, if any. */
function stopBeside(button: HTMLElement, panel: HTMLElement | null, backwards: boolean) {
  const root = button.closest<HTMLElement>('[aria-modal="true"]') ?? document.body;
  const stops = tabbableIn(root).filter((stop) => !panel?.contains(stop));
  const at = stops.indexOf(button);
  if (at < 0) return button;
  return backwards ? button : (stops[(at + 1) % stops.length] ?? button);
}

/**
 * A menu or small panel opened from a button. It is rendered into the page's body (a portal),
 * so no scrolling or clipping container around the button cuts it off, and placed fully in
 * view. Escape and a press outside it and its button close it.
 */
export function Popup({
  anchor,
  placement,
  onClose,
  className,
  id,
  role,
  label,
  button,
  keyboardMenu = false,
  initialFocus = 'first',
  children,
}: PopupProps) {
  const panel = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<CSSProperties | null>(null);

  useClickOutside([anchor, panel], true, onClose);

  useLayoutEffect(() => {
    const update = () => {
      const from = anchor.current?.getBoundingClientRect();
      const size = panel.current?.getBoundingClientRect();
      if (from && size) setPosition(place(from, size, placement));
    };
    update();
    window.addEventListener('resize', update);
    // Scrolling any container moves the anchor: follow it.
    window.addEventListener('scroll', update, true);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [anchor, placement]);

  const managesFocus = button !== undefined || keyboardMenu;

  // Once it is placed: a hidden element cannot take the focus.
  const placed = position !== null;
  const focused = useRef(false);
  useEffect(() => {
    if (!managesFocus || !placed || focused.current) return;
    focused.current = true;
    if (keyboardMenu) focusItem(panel.current, initialFocus);
    else if (panel.current) tabbableIn(panel.current)[0]?.focus();
  }, [managesFocus, keyboardMenu, placed, initialFocus]);

  // Closing with the focus inside (its element is about to go): back to the button, read
  // before the pop-up's elements are removed.
  useLayoutEffect(() => {
    const element = panel.current;
    return () => {
      if (managesFocus && element?.contains(document.activeElement)) {
        returnTarget(anchor, button)?.focus({ preventScroll: true });
      }
    };
  }, [managesFocus, anchor, button]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        if (managesFocus && panel.current?.contains(document.activeElement)) {
          returnTarget(anchor, button)?.focus();
        }
        onClose();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [managesFocus, anchor, button, onClose]);

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (!managesFocus) return;
    if (event.key === 'Tab') {
      // The pop-up lies at the end of the page: Tab goes on from its button instead.
      const from = returnTarget(anchor, button);
      if (!from) return;
      event.preventDefault();
      stopBeside(from, panel.current, event.shiftKey).focus();
      onClose();
      return;
    }
    if (keyboardMenu) onMenuKeyDown(event);
  };

  // A choice: the focus is on the button before the item acts, so a dialog it opens gives the
  // focus back there, and an item that moves the focus on purpose still can.
  const onClickCapture = (event: MouseEvent<HTMLDivElement>) => {
    if (keyboardMenu && isActionItem(event.target as Element)) {
      returnTarget(anchor, button)?.focus({ preventScroll: true });
    }
  };

  return createPortal(
    <div
      ref={panel}
      className={className ? `popup ${className}` : 'popup'}
      id={id}
      role={role}
      aria-label={label}
      style={position ?? { visibility: 'hidden', left: 0, top: 0 }}
      onKeyDown={onKeyDown}
      onClickCapture={onClickCapture}
    >
      {children}
    </div>,
    document.body,
  );
}
