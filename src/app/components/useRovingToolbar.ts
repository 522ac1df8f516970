import { useEffect, type KeyboardEvent, type RefObject } from 'react';

const CONTROLS = 'button, [role="button"], select, input';

function controls(toolbar: HTMLElement): HTMLElement[] {
  return [...toolbar.querySelectorAll<HTMLElement>(CONTROLS)].filter(
    (control) => !control.matches(':disabled') && control.getClientRects().length > 0,
  );
}

/** Makes `current` the toolbar's one Tab stop. */
function makeStop(toolbar: HTMLElement, current: HTMLElement | undefined) {
  for (const control of toolbar.querySelectorAll<HTMLElement>(CONTROLS)) {
    control.tabIndex = control === current ? 0 : -1;
  }
}

/**
 * A WAI-ARIA toolbar (role="toolbar"): one Tab stop, the control last used (first, at the
 * start); Left and Right move among its controls, Home and End to the ends. Controls added,
 * removed or disabled later are taken into account.
 */
export function useRovingToolbar(toolbar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = toolbar.current;
    if (!root) return;
    const refresh = () => {
      const list = controls(root);
      const stop = list.find((control) => control.tabIndex === 0 && control !== list[0]);
      makeStop(root, stop ?? list[0]);
    };
    refresh();
    const observer = new MutationObserver(refresh);
    observer.observe(root, { childList: true, subtree: true, attributeFilter: ['disabled'] });
    const onFocus = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && event.target.matches(CONTROLS)) {
        makeStop(root, event.target);
      }
    };
    root.addEventListener('focusin', onFocus);
    return () => {
      observer.disconnect();
      root.removeEventListener('focusin', onFocus);
    };
  }, [toolbar]);

  return (event: KeyboardEvent<HTMLElement>) => {
    const list = controls(event.currentTarget);
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    const target =
      event.key === 'ArrowRight'
        ? list[(at + 1) % list.length]
        : event.key === 'ArrowLeft'
          ? list[(at - 1 + list.length) % list.length]
          : event.key === 'Home'
            ? list[0]
            : event.key === 'End'
              ? list.at(-1)
              : undefined;
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
}
