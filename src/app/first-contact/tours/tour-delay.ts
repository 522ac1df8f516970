import { TOUR_DELAY_MS } from '../../../shared/tours/tours';

/** While a dialog is open the tour looks again this often. */
export const DIALOG_RETRY_MS = 500;

/**
 * Calls `due` once the page has been without an open dialog for the tour's delay (002 §4: the
 * editor tour starts 1 s after the paper is loaded and Compare Versions is not open). A dialog
 * open when the delay ends is waited out, and the delay starts again once it is answered, so a
 * tour never appears the moment a dialog closes. Returns the cancel.
 */
export function afterDelayWithoutDialog(
  dialogOpen: () => boolean,
  due: () => void,
  { delayMs = TOUR_DELAY_MS, retryMs = DIALOG_RETRY_MS } = {},
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = (ms: number, next: () => void) => {
    timer = setTimeout(next, ms);
  };
  const elapsed = () => (dialogOpen() ? wait(retryMs, blocked) : due());
  const blocked = () => (dialogOpen() ? wait(retryMs, blocked) : wait(delayMs, elapsed));
  wait(delayMs, elapsed);
  return () => clearTimeout(timer);
}
