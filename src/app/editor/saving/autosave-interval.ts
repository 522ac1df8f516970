/** Spec 001 §9: unsaved edits are autosaved every 30 seconds. */
export const AUTOSAVE_INTERVAL_MS = 30_000;

declare global {
  interface Window {
    /** Tests shorten the autosave interval by setting this before the app starts. */
    __SCRIPTOR_AUTOSAVE_MS__?: number;
  }
}

/**
 * The autosave interval: 30 s, unless a test set `window.__SCRIPTOR_AUTOSAVE_MS__` or opened
 * the app with `?autosaveMs=<n>` (at least 100 ms, so a typo cannot flood the server).
 */
export function autosaveIntervalMs(): number {
  const fromQuery = Number(new URLSearchParams(window.location.search).get('autosaveMs'));
  const override = window.__SCRIPTOR_AUTOSAVE_MS__ ?? (fromQuery > 0 ? fromQuery : undefined);
  return override !== undefined && Number.isFinite(override)
    ? Math.max(100, override)
    : AUTOSAVE_INTERVAL_MS;
}
