import { splitSections } from '../../../../shared/document/sections';
import type { Work } from '../../../../shared/citations/work';
import type { SectionWork } from '../../../../shared/papers/paper-structure';
import { MAX_LEVEL, type OutlineSection } from './refine-request';

/** A heading as the wizard's tree sends it: the structure's shape or the spec's Section. */
export interface SentSection {
  level?: number | undefined;
  sectionLevel?: number | undefined;
  title?: string | undefined;
  sectionTitle?: string | undefined;
  purpose?: string | undefined;
  works?: { refId: string }[] | undefined;
  references?: (string | { refId: string })[] | undefined;
}

export const NO_SECTIONS_MESSAGE = 'No content sections found';

function sentRefIds(section: SentSection): string[] {
  const ids = [
    ...(section.works ?? []).map((work) => work.refId),
    ...(section.references ?? []).map((ref) => (typeof ref === 'string' ? ref : ref.refId)),
  ];
  return [...new Set(ids.filter((id) => /^ref_[A-Za-z0-9]+$/.test(id)))];
}

function sectionWork(work: Work): SectionWork {
  return {
    refId: work.refId,
    title: work.title,
    authors: work.authors,
    year: work.published_year ?? null,
  };
}

/**
 * The headings of the structure: the tree's sections when it sent them, else the headings of
 * `content` (through the document module's splitter).
 */
export function sentHeadings(
  sent: readonly SentSection[] | null | undefined,
  content: string,
): SentSection[] {
  if (sent && sent.length > 0) return [...sent];
  return splitSections(content).map((section) => ({
    level: section.sectionLevel,
    title: section.sectionTitle,
    references: section.references,
  }));
}

/** Every ref id the headings name, to look the works up at once. */
export function outlineRefIds(headings: readonly SentSection[]): string[] {
  return [...new Set(headings.flatMap(sentRefIds))];
}

/**
 * The headings to refine, in document order. The level-1 title and blank headings are left
 * out; levels are kept within ## to #####. A heading's works are the stored works the user may
 * see among those it names (`visible`), so a refined structure only ever carries real works.
 */
export function refineOutline(
  headings: readonly SentSection[],
  visible: ReadonlyMap<string, Work>,
): OutlineSection[] {
  return headings.flatMap((section) => {
    const level = section.level ?? section.sectionLevel ?? 2;
    const title = (section.title ?? section.sectionTitle ?? '').trim();
    if (level < 2 || !title) return [];
    const clamped = Math.min(level, MAX_LEVEL);
    return [
      {
        level: clamped,
        title,
        purpose: section.purpose?.trim() ?? '',
        works: sentRefIds(section).flatMap((id) => {
          const work = visible.get(id);
          return work ? [sectionWork(work)] : [];
        }),
        refinable: clamped < MAX_LEVEL,
      },
    ];
  });
}
