import type { KeyboardEvent } from 'react';

const ITEMS = [
  '[role="menuitem"]:not(:disabled)',
  '[role="menuitemcheckbox"]:not(:disabled)',
  '[role="menuitemradio"]:not(:disabled)',
].join(', ');

/** The menu's items a keyboard can reach, in order. */
function items(menu: HTMLElement): HTMLElement[] {
  return [...menu.querySelectorAll<HTMLElement>(ITEMS)];
}

/** Focuses the menu's first item, or its last (a menu opened with the Up arrow). */
export function focusItem(menu: HTMLElement | null, which: 'first' | 'last'): void {
  if (!menu) return;
  const list = items(menu);
  (which === 'first' ? list[0] : list.at(-1))?.focus();
}

/**
 * Whether `element` is in a menu's action item, which closes the menu (a checkbox or radio item
 * changes in place and keeps it open, as does an item marked `data-menu-stays`).
 */
export function isActionItem(element: Element | null): boolean {
  return element?.closest('[role="menuitem"]:not(:disabled):not([data-menu-stays])') != null;
}

/**
 * The WAI-ARIA menu keys: Down and Up move to the next and previous item, going round, Home and
 * End to the first and last. Disabled items are passed over.
 */
export function onMenuKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const list = items(event.currentTarget);
  if (list.length === 0) return;
  const at = list.indexOf(document.activeElement as HTMLElement);
  const target =
    event.key === 'ArrowDown'
      ? list[(at + 1) % list.length]
      : event.key === 'ArrowUp'
        ? list[(at - 1 + list.length) % list.length]
        : event.key === 'Home'
          ? list[0]
          : event.key === 'End'
            ? list[list.length - 1]
            : undefined;
  if (!target) return;
  event.preventDefault();
  target.focus();
}
