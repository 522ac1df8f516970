import type { PresentPerson } from './presence';

/**
 * Who is in the paper now (docs/sharing.md, 'Presence'): each person's name in words, with
 * their caret's colour beside it, so the colour is never the only cue.
 */
export function PresenceList({ people }: { people: PresentPerson[] }) {
  if (people.length === 0) return null;
  return (
    <ul className="presence-list" aria-label="In this paper now">
      {people.map((person) => (
        <li key={person.id} className="presence-person">
          <span
            className="presence-swatch"
            aria-hidden="true"
            style={{ backgroundColor: person.color }}
          />
          {person.you ? `${person.name} (you)` : person.name}
        </li>
      ))}
    </ul>
  );
}
