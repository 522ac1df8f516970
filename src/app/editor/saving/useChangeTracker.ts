import { useCallback, useMemo, useRef, useState } from 'react';

/**
 * Counts the user's changes (document and title) so that saves and autosaves know what they
 * covered: a change made while a save is in flight keeps the paper unsaved.
 */
export interface ChangeTracker {
  /** True while there are changes no save has covered; drives the unsaved indicator. */
  dirty: boolean;
  recordChange(): void;
  /** The current change count, taken when a save or autosave reads the draft. */
  snapshot(): number;
  markSaved(revision: number): void;
  markAutosaved(revision: number): void;
  /** Forgets every change: the editor now shows a stored version. */
  reset(): void;
  needsAutosave(): boolean;
  /** True while some change is not covered by a save (read when acting, unlike `dirty`). */
  hasUnsaved(): boolean;
}

export function useChangeTracker(): ChangeTracker {
  const revision = useRef(0);
  const saved = useRef(0);
  const autosaved = useRef(0);
  const [dirty, setDirty] = useState(false);

  const recordChange = useCallback(() => {
    revision.current += 1;
    setDirty(true);
  }, []);
  const markSaved = useCallback((at: number) => {
    saved.current = at;
    autosaved.current = Math.max(autosaved.current, at);
    setDirty(revision.current !== at);
  }, []);
  const reset = useCallback(() => {
    saved.current = revision.current;
    autosaved.current = revision.current;
    setDirty(false);
  }, []);

  return useMemo(
    () => ({
      dirty,
      recordChange,
      snapshot: () => revision.current,
      markSaved,
      markAutosaved: (at: number) => {
        autosaved.current = at;
      },
      reset,
      needsAutosave: () =>
        revision.current !== saved.current && revision.current !== autosaved.current,
      hasUnsaved: () => revision.current !== saved.current,
    }),
    [dirty, recordChange, markSaved, reset],
  );
}
