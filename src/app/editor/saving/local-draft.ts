import type { Draft } from './draft';

/**
 * The open paper's unsaved title and content, kept in the browser after every change so that
 * a reload, a crashed tab or a lost connection never loses typing. It is removed once a save
 * or a choice in 'Compare Versions' covers it.
 */
export interface LocalDraft extends Draft {
  /** The stored version the edits started from. */
  baseUpdatedAt: string;
  /** When the draft was written (ISO time), to tell it from an older server autosave. */
  writtenAt: string;
}

const PREFIX = 'scriptor.draft.';

const keyOf = (paperId: string) => `${PREFIX}${paperId}`;

function isLocalDraft(value: unknown): value is LocalDraft {
  if (!value || typeof value !== 'object') return false;
  const draft = value as Record<string, unknown>;
  return ['title', 'content', 'baseUpdatedAt', 'writtenAt'].every(
    (field) => typeof draft[field] === 'string',
  );
}

export function readLocalDraft(storage: Storage, paperId: string): LocalDraft | null {
  try {
    const text = storage.getItem(keyOf(paperId));
    if (text === null) return null;
    const value: unknown = JSON.parse(text);
    return isLocalDraft(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Writes the draft; when the browser's quota is full, drafts of other papers (older first)
 * make room, since this one holds what the user is typing now. Answers whether it was kept.
 */
export function writeLocalDraft(storage: Storage, paperId: string, draft: LocalDraft): boolean {
  const text = JSON.stringify(draft);
  const others = otherDrafts(storage, paperId);
  for (;;) {
    try {
      storage.setItem(keyOf(paperId), text);
      return true;
    } catch {
      const oldest = others.shift();
      if (!oldest) return false;
      storage.removeItem(oldest.key);
    }
  }
}

export function removeLocalDraft(storage: Storage, paperId: string): void {
  try {
    storage.removeItem(keyOf(paperId));
  } catch {
    // Storage can be unavailable (private mode); there is then nothing to remove.
  }
}

function otherDrafts(storage: Storage, paperId: string): { key: string; writtenAt: string }[] {
  const drafts: { key: string; writtenAt: string }[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (!key?.startsWith(PREFIX) || key === keyOf(paperId)) continue;
    const draft = readLocalDraft(storage, key.slice(PREFIX.length));
    drafts.push({ key, writtenAt: draft?.writtenAt ?? '' });
  }
  return drafts.sort((a, b) => a.writtenAt.localeCompare(b.writtenAt));
}

/** The browser's localStorage, or null where it is unavailable (blocked storage). */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Drops the paper's draft from this browser: a save or a choice now covers it. */
export function forgetLocalDraft(paperId: string): void {
  const storage = browserStorage();
  if (storage) removeLocalDraft(storage, paperId);
}
