import { useCallback, useEffect, useRef } from 'react';
import { writeAutosave } from '../../api/papers';
import type { Draft } from './draft';
import { autosaveIntervalMs } from './autosave-interval';
import type { ChangeTracker } from './useChangeTracker';

interface AutosaveOptions {
  paperId: string;
  /** Spec 001 §9: autosave pauses while the compare dialog is open. */
  paused: boolean;
  tracker: ChangeTracker;
  readDraft: () => Draft;
}

/**
 * Every interval, writes the unsaved title and content beside the saved version, but only
 * when something changed since the last save or autosave. The same write goes out at once
 * when the paper is closed or another one opened, and when the page is hidden or left (as a
 * keepalive request, so it outlives the page).
 */
export function useAutosave({ paperId, paused, tracker, readDraft }: AutosaveOptions): void {
  const latest = useRef({ tracker, readDraft, paused });
  useEffect(() => {
    latest.current = { tracker, readDraft, paused };
  }, [tracker, readDraft, paused]);

  const flush = useCallback(
    (leaving: boolean) => {
      const { tracker: changes, readDraft: read, paused: waiting } = latest.current;
      if (waiting || !changes.needsAutosave()) return;
      const revision = changes.snapshot();
      writeAutosave(paperId, read(), { keepalive: leaving }).then(
        () => changes.markAutosaved(revision),
        // Spec 000 §7: autosave failures are only logged; the next tick tries again.
        (error: unknown) => console.warn('Autosave failed', error),
      );
    },
    [paperId],
  );

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => flush(false), autosaveIntervalMs());
    return () => clearInterval(timer);
  }, [flush, paused]);

  useEffect(() => {
    const onPageHide = () => flush(true);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush(true);
    };
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onHidden);
      flush(false);
    };
  }, [flush]);
}
