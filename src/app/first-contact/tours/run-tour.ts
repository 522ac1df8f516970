import { driver, type Driver } from 'driver.js';
import 'driver.js/dist/driver.css';
import type { TourName } from '../../../shared/tours/tours';
import { TOUR_STEPS } from './tour-steps';

/** The app's dialogs (components/Modal): a tour never lies over one a user must answer. */
export const DIALOG_SELECTOR = '.modal-overlay';

export function dialogOpen(): boolean {
  return document.querySelector(DIALOG_SELECTOR) !== null;
}

let running: { name: TourName; tour: Driver } | null = null;

/** Ends `name` if it is showing (the page it belongs to is gone). */
export function stopTour(name: TourName): void {
  if (running?.name === name) running.tour.destroy();
}

/**
 * Shows one tour with driver.js over the steps whose elements are on the page. If a dialog
 * opens meanwhile (a confirmation, Compare Versions) the tour ends, so it never covers it.
 * Returns false when nothing of the tour is on the page.
 */
export function runTour(name: TourName): boolean {
  running?.tour.destroy();
  const steps = TOUR_STEPS[name].flatMap((step) => {
    const element = step.find();
    return element
      ? [{ element, popover: { title: step.title, description: step.description } }]
      : [];
  });
  if (steps.length === 0) return false;

  const watcher = new MutationObserver(() => {
    if (dialogOpen()) tour.destroy();
  });
  const tour = driver({
    steps,
    showProgress: true,
    // driver.js drops an arrow key pressed while a step's highlight is still moving (400 ms);
    // the keys go to the same moves as the popover's buttons, which never drop a press.
    allowKeyboardControl: false,
    overlayClickBehavior: 'close',
    popoverClass: 'scriptor-tour',
    onDestroyed: () => {
      watcher.disconnect();
      window.removeEventListener('keyup', onKey);
      if (running?.tour === tour) running = null;
    },
  });
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') tour.destroy();
    else if (event.key === 'ArrowRight') tour.moveNext();
    else if (event.key === 'ArrowLeft' && tour.hasPreviousStep()) tour.movePrevious();
  };
  running = { name, tour };
  watcher.observe(document.body, { childList: true, subtree: true });
  window.addEventListener('keyup', onKey);
  tour.drive();
  return true;
}
