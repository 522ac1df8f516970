import type { CSSProperties } from 'react';

const GAP_PX = 4;

/**
 * Where a toolbar pop-up opens: fixed just below its button, aligned to the button's start or
 * end. The toolbar is one row that scrolls sideways in a narrow pane, so a pop-up positioned
 * inside it would be clipped.
 */
export function popupBelow(anchor: Element | null, align: 'start' | 'end'): CSSProperties {
  if (!anchor) return {};
  const rect = anchor.getBoundingClientRect();
  const top = rect.bottom + GAP_PX;
  return align === 'start'
    ? { position: 'fixed', top, left: rect.left, right: 'auto' }
    : { position: 'fixed', top, left: 'auto', right: Math.max(0, window.innerWidth - rect.right) };
}
