import type { StructureSection } from '../../../../shared/papers/paper-structure';
import { structureMarkdown } from '../structure-markdown';
import type { OutlineSection } from './refine-request';

export interface RefineCheckpoint extends OutlineSection {
  status: string;
  subsections: StructureSection[];
  error: string | null;
}

/** GET /api/refine-structure/result's answer (docs/ai-api.md). */
export interface RefineResult {
  /** The refined structure as markdown in the document module's canonical form. */
  content: string;
  /** Every heading in order: the structure's, each followed by its new subsections. */
  sections: StructureSection[];
  /** Per refined heading: its subsections and the works they draw on (001 §3). */
  refinedSections: {
    sectionTitle: string;
    sectionLevel: number;
    status: string;
    subsections: StructureSection[];
    articles: StructureSection['works'];
    error: string | null;
  }[];
  /** True when no model was configured and the offline expansion was used. */
  template: boolean;
}

/** Headings compared as a reader sees them: case, spacing and numbering aside. */
function headingKey(title: string): string {
  return title
    .toLowerCase()
    .replace(/^[\d.]+\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Each heading's completed subsections without those that repeat a heading of the structure or
 * a subsection placed before them: headings refined one by one (a model's, or the offline
 * templates of two headings with one role) may propose the same subsection twice, and a paper
 * never has two headings of one name.
 */
function newSubsections(checkpoints: readonly RefineCheckpoint[]): StructureSection[][] {
  const taken = new Set(checkpoints.map((row) => headingKey(row.title)));
  return checkpoints.map((row) => {
    if (row.status !== 'completed') return [];
    return row.subsections.filter((subsection) => {
      const key = headingKey(subsection.title);
      if (taken.has(key)) return false;
      taken.add(key);
      return true;
    });
  });
}

/**
 * The refined structure: each heading as it was, followed by the subsections it was refined
 * into (a heading that failed or was not refinable stays as it was), none repeating a heading.
 */
export function refinedStructure(
  title: string,
  checkpoints: readonly RefineCheckpoint[],
  template: boolean,
): RefineResult {
  const added = newSubsections(checkpoints);
  const sections = checkpoints.flatMap((row, at) => [
    { level: row.level, title: row.title, purpose: row.purpose, works: row.works },
    ...(added[at] ?? []),
  ]);
  return {
    content: structureMarkdown(title, sections),
    sections,
    refinedSections: checkpoints
      .map((row, at) => ({ row, subsections: added[at] ?? [] }))
      .filter(({ row }) => row.refinable)
      .map(({ row, subsections }) => {
        const articles = new Map(
          subsections.flatMap((sub) => sub.works).map((work) => [work.refId, work]),
        );
        return {
          sectionTitle: row.title,
          sectionLevel: row.level,
          status: row.status,
          subsections,
          articles: [...articles.values()],
          error: row.error,
        };
      }),
    template,
  };
}
