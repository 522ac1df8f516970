import { useCallback, useId, useRef, useState, type KeyboardEvent } from 'react';

/** Which item takes the focus when the menu opens. */
export type MenuOpening = 'first' | 'last';

/**
 * The state of a WAI-ARIA menu button: spread `buttonProps` on the button and `popupProps` on
 * its `Popup`. Enter, Space and a click open the menu at its first item, the Down and Up arrows
 * at its first and last; the Popup then keeps the keyboard (arrows, Home/End, Escape back to the
 * button, Tab on to the page) and gives the focus back to the button after a choice.
 */
export function useMenuButton() {
  const [opening, setOpening] = useState<MenuOpening | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpening(null), []);
  const open = opening !== null;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setOpening(event.key === 'ArrowDown' ? 'first' : 'last');
  };

  return {
    open,
    close,
    button,
    buttonProps: {
      ref: button,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
      onKeyDown,
      onClick: () => setOpening((current) => (current === null ? 'first' : null)),
    },
    popupProps: {
      id: menuId,
      button,
      initialFocus: opening ?? 'first',
      onClose: close,
      keyboardMenu: true,
    },
  };
}
