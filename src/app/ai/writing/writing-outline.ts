import { isBibliographySection } from '../../../shared/document/bibliography-section';
import { splitSections } from '../../../shared/document/sections';
import type { OutlineSection } from './api/writing-api';

/** A section the writing process can list: every numbered section of the paper. */
export interface OutlineRow extends OutlineSection {
  /**
   * No text of its own and subsections after it: its contents are in the subsections, so
   * there is nothing to write under the heading itself (001 §5).
   */
  empty: boolean;
  /** The paper's reference list: generated from the citations, never written by the AI. */
  referenceList: boolean;
}

export const EMPTY_SECTION_HINT =
  'Cannot select empty sections, shown as empty section, contents is in subsections';

export const REFERENCE_LIST_HINT =
  'The reference list is not written by the AI: Generate References makes it from the citations.';

/** Whether the writing process may write the section (and so offer it for selection). */
export function writable(row: Pick<OutlineRow, 'empty' | 'referenceList'>): boolean {
  return !row.empty && !row.referenceList;
}

/** Why a row cannot be selected, or undefined when it can. */
export function unwritableHint(row: Pick<OutlineRow, 'empty' | 'referenceList'>) {
  if (row.referenceList) return REFERENCE_LIST_HINT;
  return row.empty ? EMPTY_SECTION_HINT : undefined;
}

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
        referenceList: isBibliographySection(section),
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

/**
 * Before Start: the balance pays fewer sections than are selected (the shared balance rule's
 * count), so the rest would fail. Null when it pays them all.
 */
export function coverageWarning(selected: number, covered: number, balance: string): string | null {
  if (covered >= selected || covered <= 0) return null;
  const rest = selected - covered;
  return `Your balance (${balance}) covers ${covered} of the ${selected} selected sections: the other ${rest} would not be written. Add funds or select fewer sections.`;
}
