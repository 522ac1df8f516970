import { useEffect, useState } from 'react';

export type Politeness = 'polite' | 'assertive';

type Listener = (text: string, politeness: Politeness) => void;
const listeners = new Set<Listener>();

/**
 * Says `text` to a screen reader: status and results politely (after what it is reading),
 * errors assertively. The regions live in the page from the start (LiveAnnouncer), so a
 * message is heard even when the element showing it appears with it.
 */
export function announce(text: string, politeness: Politeness = 'polite'): void {
  for (const listener of listeners) listener(text, politeness);
}

/**
 * Announces `text` each time it changes to a new non-empty value, or `occasion` changes (a new
 * search that found as many results as the last).
 */
export function useAnnouncement(
  text: string | null | undefined,
  politeness: Politeness = 'polite',
  occasion?: unknown,
) {
  useEffect(() => {
    if (text) announce(text, politeness);
  }, [text, politeness, occasion]);
}

// A repeated message is said again: the region is emptied first, then filled a moment later.
const REFILL_MS = 60;

/** The page's two live regions (mounted once, in main.tsx). */
export function LiveAnnouncer() {
  const [texts, setTexts] = useState<Record<Politeness, string>>({ polite: '', assertive: '' });
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const listener: Listener = (text, politeness) => {
      setTexts((current) => ({ ...current, [politeness]: '' }));
      const timer = setTimeout(() => {
        timers.delete(timer);
        setTexts((current) => ({ ...current, [politeness]: text }));
      }, REFILL_MS);
      timers.add(timer);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);
  // Live regions without a role: an always-present empty role=alert or role=status would be
  // one more alert or status on every page beside the dialogs' own, for a screen reader and a test.
  return (
    <>
      <div
        className="visually-hidden"
        aria-live="polite"
        aria-atomic="true"
        data-announcer="polite"
      >
        {texts.polite}
      </div>
      <div
        className="visually-hidden"
        aria-live="assertive"
        aria-atomic="true"
        data-announcer="assertive"
      >
        {texts.assertive}
      </div>
    </>
  );
}
