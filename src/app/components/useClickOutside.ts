import { useEffect, type RefObject } from 'react';

/** While `active`, a mouse press outside `root` calls `onOutside` (a pop-up menu closing). */
export function useClickOutside(
  root: RefObject<HTMLElement | null>,
  active: boolean,
  onOutside: () => void,
): void {
  useEffect(() => {
    if (!active) return;
    const close = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) onOutside();
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [root, active, onOutside]);
}
