import { joinSections, splitSections, type Section } from '../../../shared/document';

/** The section with display number `sectionNumber`, or undefined (000 §3 "Section"). */
export function findSection(markdown: string, sectionNumber: string): Section | undefined {
  if (sectionNumber === '') return undefined;
  return splitSections(markdown).find((section) => section.sectionNumber === sectionNumber);
}

/**
 * The whole paper with one section's body replaced by `content` (000 §4: OK replaces that
 * section's markdown and rebuilds the document from its sections). Null when the paper no
 * longer has a section of that number.
 */
export function replaceSectionContent(
  markdown: string,
  sectionNumber: string,
  content: string,
): string | null {
  if (sectionNumber === '') return null;
  const sections = splitSections(markdown);
  const index = sections.findIndex((section) => section.sectionNumber === sectionNumber);
  const target = sections[index];
  if (!target) return null;
  const replaced = sections.with(index, { ...target, contentMarkdown: content.trim() });
  return joinSections(replaced);
}
