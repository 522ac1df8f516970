import type { Section } from '../document/sections';

/** A section as a writing job planned it: where it was and what its heading said. */
export interface PlannedPlace {
  sectionIndex: number;
  sectionTitle: string;
  sectionLevel: number;
}

/**
 * Where a planned section is in the paper now: at its index while the heading there is still
 * its own; else (the paper was edited meanwhile) the one section of that title and level;
 * else -1. Used by the writing job to find the section it writes and by the modal's Save to
 * put the text where it belongs.
 */
export function locateSection(sections: readonly Section[], planned: PlannedPlace): number {
  const same = (candidate: Section | undefined) =>
    candidate !== undefined &&
    candidate.sectionNumber !== '' &&
    candidate.sectionTitle === planned.sectionTitle &&
    candidate.sectionLevel === planned.sectionLevel;
  if (same(sections[planned.sectionIndex])) return planned.sectionIndex;
  const matches = sections.flatMap((candidate, index) => (same(candidate) ? [index] : []));
  return matches.length === 1 ? (matches[0] as number) : -1;
}
