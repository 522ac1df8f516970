import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { useClickOutside } from './useClickOutside';
import { focusFirstItem, onMenuKeyDown } from './menu-keys';

/** Where the pop-up opens relative to its anchor. */
export type PopupPlacement = 'below-start' | 'below-end' | 'beside';

interface PopupProps {
  /** The element the pop-up belongs to (its button): a press inside it does not close it. */
  anchor: RefObject<HTMLElement | null>;
  placement: PopupPlacement;
  onClose: () => void;
  className?: string;
  role?: 'menu' | 'dialog';
  label?: string;
  /**
   * A menu for the keyboard too: its first item takes the focus when it opens, the arrow keys
   * move among the items, and Escape gives the focus back to the menu's button.
   */
  keyboardMenu?: boolean;
  children: ReactNode;
}

const GAP = 4;
const MARGIN = 8;

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
    // No room below: above the anchor when it fits there.
    if (top + size.height > height - MARGIN && anchor.top - GAP - size.height >= MARGIN) {
      top = anchor.top - GAP - size.height;
    }
  }
  return {
    left: clamp(left, MARGIN, width - size.width - MARGIN),
    top: clamp(top, MARGIN, height - size.height - MARGIN),
    maxHeight: height - 2 * MARGIN,
  };
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
  role,
  label,
  keyboardMenu = false,
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

  // Once it is placed: a hidden element cannot take the focus.
  const placed = position !== null;
  const focused = useRef(false);
  useEffect(() => {
    if (!keyboardMenu || !placed || focused.current) return;
    focused.current = true;
    focusFirstItem(panel.current);
  }, [keyboardMenu, placed]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        if (keyboardMenu && panel.current?.contains(document.activeElement)) {
          const button = anchor.current?.querySelector('button') ?? anchor.current;
          button?.focus();
        }
        onClose();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [anchor, keyboardMenu, onClose]);

  return createPortal(
    <div
      ref={panel}
      className={className ? `popup ${className}` : 'popup'}
      role={role}
      aria-label={label}
      style={position ?? { visibility: 'hidden', left: 0, top: 0 }}
      onKeyDown={keyboardMenu ? onMenuKeyDown : undefined}
    >
      {children}
    </div>,
    document.body,
  );
}
