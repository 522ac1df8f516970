import { sectionIndexOfHeading, splitSections, type Section } from '../../../shared/document';

/**
 * One section of the paper, by its index in `splitSections` (display numbers repeat under each
 * level-1 heading, so they cannot name a section).
 */
export interface SectionRef {
  index: number;
  section: Section;
}

/**
 * The section that the document's `heading`-th top-level heading (0-based) starts, when it is
 * numbered; undefined otherwise (000 §5: only numbered sections are rewritten).
 */
export function sectionOfHeading(markdown: string, heading: number): SectionRef | undefined {
  const sections = splitSections(markdown);
  const index = sectionIndexOfHeading(sections, heading);
  const section = sections[index];
  return section && section.sectionNumber !== '' ? { index, section } : undefined;
}

/**
 * `target` as the paper holds it now (its body may have changed), or undefined when it is no
 * longer where it was: another heading at its index, or its heading changed.
 */
export function currentSection(markdown: string, target: SectionRef): SectionRef | undefined {
  const section = splitSections(markdown)[target.index];
  const same =
    section?.sectionLevel === target.section.sectionLevel &&
    section.sectionTitle === target.section.sectionTitle;
  return same ? { index: target.index, section } : undefined;
}
