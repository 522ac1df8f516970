import { useCallback, useState } from 'react';

const STORAGE_KEY = 'scriptor.analysis.conversation';

export function newConversationId(): string {
  return crypto.randomUUID();
}

/** The open analysis conversation, kept in the browser so the modal reopens on it. */
export function useConversationId(): [string, (id: string) => void] {
  const [id, setId] = useState(() => {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored) return stored;
    const created = newConversationId();
    localStorage.setItem(STORAGE_KEY, created);
    return created;
  });
  const change = useCallback((next: string) => {
    localStorage.setItem(STORAGE_KEY, next);
    setId(next);
  }, []);
  return [id, change];
}
