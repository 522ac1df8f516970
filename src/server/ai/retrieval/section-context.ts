import { splitSections, type Section } from '../../../shared/document/sections';

/** What the writer knows about the section it works on and the paper around it. */
export interface SectionContext {
  paper: { title: string; type: string; field: string; description: string; methodology: string };
  /** Titles from the top-level heading down to this section's. */
  headingPath: string[];
  sectionTitle: string;
  /** The section body being rewritten (may be empty). */
  sectionText: string;
  /** Every section of the paper, for the outline and the neighbours. */
  sections: Section[];
  /** Index of this section in `sections`, or -1 when the document does not contain it. */
  index: number;
}

/** The heading path of section `index`: each earlier heading of a lower level, then its own. */
export function headingPath(sections: readonly Section[], index: number): string[] {
  const path: string[] = [];
  let level = Number.POSITIVE_INFINITY;
  for (let i = index; i >= 0; i--) {
    const section = sections[i] as Section;
    if (section.sectionLevel > 0 && section.sectionLevel < level) {
      path.unshift(section.sectionTitle);
      level = section.sectionLevel;
    }
  }
  return path;
}

/** Which section: its number and, since numbers repeat, its index in splitSections. */
export interface SectionLocation {
  sectionNumber: string;
  sectionIndex?: number | undefined;
}

function locate(sections: readonly Section[], where: SectionLocation): number {
  const { sectionNumber, sectionIndex } = where;
  if (sectionNumber === '') return -1;
  if (sectionIndex !== undefined) {
    return sections[sectionIndex]?.sectionNumber === sectionNumber ? sectionIndex : -1;
  }
  return sections.findIndex((section) => section.sectionNumber === sectionNumber);
}

export function sectionContext(
  paper: SectionContext['paper'],
  documentMarkdown: string,
  where: SectionLocation,
  sectionTitle: string,
  sectionText: string,
): SectionContext {
  const sections = splitSections(documentMarkdown);
  const index = locate(sections, where);
  return {
    paper,
    headingPath: index >= 0 ? headingPath(sections, index) : [sectionTitle],
    sectionTitle,
    sectionText,
    sections,
    index,
  };
}
