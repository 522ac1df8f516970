import { splitSections } from '../../../shared/document/sections';
import type { OutlineSection } from './api/writing-api';

/** A section the writing process can list: every numbered section of the paper. */
export interface OutlineRow extends OutlineSection {
  /**
   * No text of its own and subsections after it: its contents are in the subsections, so
   * there is nothing to write under the heading itself (001 §5).
   */
  empty: boolean;
}

export const EMPTY_SECTION_HINT =
  'Cannot select empty sections, shown as empty section, contents is in subsections';

/** The numbered sections of the paper, in document order, each with its index. */
export function writingOutline(markdown: string): OutlineRow[] {
  const sections = splitSections(markdown);
  return sections.flatMap((section, sectionIndex) => {
    if (section.sectionNumber === '') return [];
    const next = sections[sectionIndex + 1];
    const hasSubsections = next !== undefined && next.sectionLevel > section.sectionLevel;
    return [
      {
        sectionIndex,
        sectionNumber: section.sectionNumber,
        sectionTitle: section.sectionTitle,
        sectionLevel: section.sectionLevel,
        empty: section.contentMarkdown.trim() === '' && hasSubsections,
      },
    ];
  });
}

/** `rows` in the order `sequence` names them; rows it leaves out keep their place at the end. */
export function inSequence<T extends { sectionIndex: number }>(
  rows: readonly T[],
  sequence: readonly { sectionIndex?: number | undefined }[],
): T[] {
  const byIndex = new Map(rows.map((row) => [row.sectionIndex, row]));
  const ordered = sequence.flatMap((section) => {
    const row = section.sectionIndex === undefined ? undefined : byIndex.get(section.sectionIndex);
    if (!row) return [];
    byIndex.delete(row.sectionIndex);
    return [row];
  });
  return [...ordered, ...byIndex.values()];
}

/** 001 §9: selected non-empty sections × cost per section, with 2 decimals. */
export function estimatedCost(selectedNonEmpty: number, costPerSection: number): string {
  return `$${(selectedNonEmpty * costPerSection).toFixed(2)}`;
}
