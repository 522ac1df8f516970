import { useEffect, type RefObject } from 'react';

type Roots = RefObject<HTMLElement | null> | readonly RefObject<HTMLElement | null>[];

/**
 * While `active`, a mouse press outside `root` calls `onOutside` (a pop-up menu closing). A
 * pop-up rendered elsewhere (a portal) passes its button's and its own element.
 */
export function useClickOutside(root: Roots, active: boolean, onOutside: () => void): void {
  useEffect(() => {
    if (!active) return;
    const roots = Array.isArray(root) ? root : [root as RefObject<HTMLElement | null>];
    const close = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!roots.some((each) => each.current?.contains(target))) onOutside();
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
    // `root` may be a fresh array each render; the refs in it are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, onOutside]);
}
