import { useEffect, useSyncExternalStore } from 'react';
import type { StreamSession, StreamState } from './stream-session';

/**
 * Starts `session` once when the calling dialog mounts and follows its state. Leaving the page
 * (the dialog unmounting for good) cancels it; React StrictMode's simulated unmount is followed
 * at once by a remount, which clears the pending cancel, so the request is neither sent twice
 * nor aborted by the development double run.
 */
export function useStreamSession(session: StreamSession): StreamState {
  useEffect(() => {
    session.start();
    const pending = cancels.get(session);
    if (pending !== undefined) clearTimeout(pending);
    cancels.delete(session);
    return () => {
      cancels.set(
        session,
        setTimeout(() => {
          cancels.delete(session);
          session.cancel();
        }, 0),
      );
    };
  }, [session]);
  return useSyncExternalStore(session.subscribe, session.getState);
}

const cancels = new WeakMap<StreamSession, ReturnType<typeof setTimeout>>();
