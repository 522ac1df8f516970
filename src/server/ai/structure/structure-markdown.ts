import { joinSections, parseMarkdown, serializeMarkdown } from '../../../shared/document';
import type { StructureSection } from '../../../shared/papers/paper-structure';

/**
 * The structure as the paper's markdown: the title as the level-1 heading and one empty
 * section per proposed heading, written through the document module so the wizard and the
 * editor read it exactly as they read any paper.
 */
export function structureMarkdown(title: string, sections: readonly StructureSection[]): string {
  const markdown = joinSections([
    {
      sectionNumber: '',
      sectionTitle: title,
      sectionLevel: 1,
      contentMarkdown: '',
      references: [],
    },
    ...sections.map((section) => ({
      sectionNumber: '',
      sectionTitle: section.title,
      sectionLevel: section.level,
      contentMarkdown: '',
      references: [],
    })),
  ]);
  return serializeMarkdown(parseMarkdown(markdown));
}
