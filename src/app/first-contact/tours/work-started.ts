import { DIALOG_SELECTOR } from './run-tour';

/** Where a press is part of answering something rather than working on the page. */
const NOT_WORK = `${DIALOG_SELECTOR}, .driver-popover`;

/**
 * Calls `started` at the first key or press a person makes on the page itself (002 §4's tours
 * must never take keys a person is typing). Presses in a dialog (Compare Versions) or in a tour
 * are answers, not work, so a tour still follows them. Returns the unsubscribe.
 */
export function onWorkStarted(started: () => void, target: Window = window): () => void {
  const events = ['keydown', 'pointerdown'] as const;
  const listener = (event: Event) => {
    if (event.target instanceof Element && event.target.closest(NOT_WORK)) return;
    stop();
    started();
  };
  const stop = () => {
    for (const name of events) target.removeEventListener(name, listener, true);
  };
  for (const name of events) target.addEventListener(name, listener, true);
  return stop;
}
