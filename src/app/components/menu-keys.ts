import type { KeyboardEvent } from 'react';

const ITEMS = '[role="menuitem"]:not(:disabled)';

/** The menu's items a keyboard can reach, in order. */
function items(menu: HTMLElement): HTMLElement[] {
  return [...menu.querySelectorAll<HTMLElement>(ITEMS)];
}

export function focusFirstItem(menu: HTMLElement | null): void {
  if (menu) items(menu)[0]?.focus();
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
