import { useEffect, useRef } from 'react';
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
 * when something changed since the last save or autosave.
 */
export function useAutosave({ paperId, paused, tracker, readDraft }: AutosaveOptions): void {
  const latest = useRef({ tracker, readDraft });
  useEffect(() => {
    latest.current = { tracker, readDraft };
  }, [tracker, readDraft]);

  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => {
      const { tracker: changes, readDraft: read } = latest.current;
      if (!changes.needsAutosave()) return;
      const revision = changes.snapshot();
      writeAutosave(paperId, read()).then(
        () => changes.markAutosaved(revision),
        // Spec 000 §7: autosave failures are only logged; the next tick tries again.
        (error: unknown) => console.warn('Autosave failed', error),
      );
    }, autosaveIntervalMs());
    return () => clearInterval(timer);
  }, [paperId, paused]);
}
