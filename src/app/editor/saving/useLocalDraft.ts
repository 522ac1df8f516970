import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { Draft } from './draft';
import { browserStorage, removeLocalDraft, writeLocalDraft } from './local-draft';
import type { ChangeTracker } from './useChangeTracker';

/** A pause in typing this long writes the draft... */
const QUIET_MS = 400;
/** ...and continuous typing writes it at least this often. */
const MAX_WAIT_MS = 2_000;

interface LocalDraftOptions {
  paperId: string;
  /** The stored version the editor started from or last saved. */
  baseUpdatedAt: string;
  tracker: ChangeTracker;
  readDraft: () => Draft;
}

export interface LocalDraftWriter {
  /** Call on every change: the draft is written shortly after. */
  schedule(): void;
  /** Writes a pending change now (the page is being hidden or the paper closed). */
  flush(): void;
}

/**
 * Keeps the open paper's unsaved text in this browser (see `local-draft.ts`): written a
 * moment after each change, at once when the page is hidden or left and when the paper is
 * closed, and removed when nothing is unsaved any more.
 */
export function useLocalDraft(options: LocalDraftOptions): LocalDraftWriter {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const pending = useRef(false);
  const quiet = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const maxWait = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(quiet.current);
    clearTimeout(maxWait.current);
    maxWait.current = undefined;
    if (!pending.current) return;
    pending.current = false;
    const storage = browserStorage();
    if (!storage) return;
    const { paperId, baseUpdatedAt, tracker, readDraft } = latest.current;
    if (!tracker.hasUnsaved()) {
      removeLocalDraft(storage, paperId);
      return;
    }
    const draft = readDraft();
    const kept = writeLocalDraft(storage, paperId, {
      ...draft,
      baseUpdatedAt,
      writtenAt: new Date().toISOString(),
    });
    if (!kept) console.warn('The browser refused to keep a local copy of the draft');
  }, []);

  const schedule = useCallback(() => {
    pending.current = true;
    clearTimeout(quiet.current);
    quiet.current = setTimeout(flush, QUIET_MS);
    maxWait.current ??= setTimeout(flush, MAX_WAIT_MS);
  }, [flush]);

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    window.addEventListener('beforeunload', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('beforeunload', flush);
      document.removeEventListener('visibilitychange', onHidden);
      flush();
    };
  }, [flush]);

  return useMemo(() => ({ schedule, flush }), [schedule, flush]);
}
