import { useEffect, useState } from 'react';
import type { Awareness } from 'y-protocols/awareness';

/** Who a tab says it is, in the live document's awareness (docs/sharing.md, 'Presence'). */
export interface PresentUser {
  id: string;
  name: string;
  color: string;
}

export interface PresentPerson extends PresentUser {
  /** This browser's own person (any of their tabs). */
  you: boolean;
}

// Dark enough for white text on them (WCAG AA) and far enough apart to tell carets apart.
const COLORS = ['#1f5fbf', '#a34700', '#0b7340', '#8e2491', '#b3203a', '#00666e', '#5b4bc4'];

/** A person's colour: the same in every tab and for every co-author. */
export function presenceColor(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length] ?? '#1f5fbf';
}

function userOf(state: Record<string, unknown>): PresentUser | null {
  const user = state.user as Partial<PresentUser> | undefined;
  if (!user || typeof user.id !== 'string' || typeof user.name !== 'string') return null;
  return { id: user.id, name: user.name, color: String(user.color ?? presenceColor(user.id)) };
}

/** The people in the paper now, once each (a person may have it open in several tabs). */
export function peopleIn(awareness: Awareness): PresentPerson[] {
  const own = awareness.getLocalState();
  const ownId = own ? userOf(own)?.id : undefined;
  const people = new Map<string, PresentPerson>();
  for (const state of awareness.getStates().values()) {
    const user = userOf(state);
    if (user && !people.has(user.id)) people.set(user.id, { ...user, you: user.id === ownId });
  }
  return [...people.values()].sort(
    (a, b) => Number(b.you) - Number(a.you) || a.name.localeCompare(b.name),
  );
}

/** Says who this tab is, and follows who else is in the paper. */
export function usePresence(
  awareness: Awareness | null,
  user: { id: string; name: string },
): PresentPerson[] {
  const [people, setPeople] = useState<PresentPerson[]>([]);
  const { id, name } = user;
  useEffect(() => {
    if (!awareness || !id) return;
    awareness.setLocalStateField('user', { id, name, color: presenceColor(id) });
    const update = () => setPeople(peopleIn(awareness));
    update();
    awareness.on('change', update);
    return () => awareness.off('change', update);
  }, [awareness, id, name]);
  return people;
}
