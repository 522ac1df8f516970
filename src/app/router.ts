import { useSyncExternalStore } from 'react';

/** Two routes (/ and /auth/signin) do not need a router library: history plus an event. */
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

export function navigate(path: string, options: { replace?: boolean } = {}) {
  if (options.replace) window.history.replaceState(null, '', path);
  else window.history.pushState(null, '', path);
  listeners.forEach((listener) => listener());
}

export function usePath(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}
