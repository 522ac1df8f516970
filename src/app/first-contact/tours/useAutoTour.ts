import { useEffect } from 'react';
import { TOUR_DELAY_MS, type TourName } from '../../../shared/tours/tours';
import { fetchToursSeen, markTourSeen } from '../api/tours';
import { dialogOpen, runTour, stopTour } from './run-tour';

/** While a dialog is open the tour waits and looks again this often. */
const DIALOG_RETRY_MS = 500;

/**
 * Starts `tour` once per user (002 §2, §4): TOUR_DELAY_MS after it becomes the page's tour, when
 * no dialog is open, if the server says the user has not been shown it. Being shown is what
 * counts, so it is recorded when it starts. `null`: no tour for this state of the page.
 */
export function useAutoTour(tour: TourName | null) {
  useEffect(() => {
    if (tour === null) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    const attempt = async () => {
      if (dialogOpen()) {
        timer = setTimeout(() => void attempt(), DIALOG_RETRY_MS);
        return;
      }
      const seen = await fetchToursSeen().catch(() => null);
      if (cancelled || seen === null || seen.includes(tour)) return;
      if (dialogOpen()) {
        timer = setTimeout(() => void attempt(), DIALOG_RETRY_MS);
        return;
      }
      if (runTour(tour)) await markTourSeen(tour).catch(() => undefined);
    };
    timer = setTimeout(() => void attempt(), TOUR_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stopTour(tour);
    };
  }, [tour]);
}
