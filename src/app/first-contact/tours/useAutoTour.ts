import { useEffect } from 'react';
import type { TourName } from '../../../shared/tours/tours';
import { fetchToursSeen, markTourSeen } from '../api/tours';
import { dialogOpen, runTour, stopTour } from './run-tour';
import { afterDelayWithoutDialog } from './tour-delay';
import { onWorkStarted } from './work-started';

/**
 * Starts `tour` once per user (002 §2, §4): TOUR_DELAY_MS after it becomes the page's tour with
 * no dialog open, if the server says the user has not been shown it. Being shown is what counts,
 * so it is recorded when it starts. A tour takes the keyboard, so it does not start at all once
 * the person has begun working on the page (a key or a press outside a dialog): it is left for
 * the next time the page opens and they are idle, or for the help menu. `null`: no tour for this
 * state of the page.
 */
export function useAutoTour(tour: TourName | null) {
  useEffect(() => {
    if (tour === null) return;
    let cancelled = false;
    let cancelWait: (() => void) | undefined;
    const stopWatching = onWorkStarted(() => {
      cancelled = true;
      cancelWait?.();
    });
    const wait = () => {
      cancelWait = afterDelayWithoutDialog(dialogOpen, () => void show());
    };
    const show = async () => {
      const seen = await fetchToursSeen().catch(() => null);
      if (cancelled || seen === null || seen.includes(tour)) return;
      // A dialog opened while the server answered: wait until it is answered.
      if (dialogOpen()) return wait();
      stopWatching();
      if (runTour(tour)) await markTourSeen(tour).catch(() => undefined);
    };
    wait();
    return () => {
      cancelled = true;
      cancelWait?.();
      stopWatching();
      stopTour(tour);
    };
  }, [tour]);
}
