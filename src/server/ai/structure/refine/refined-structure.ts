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

/**
 * The refined structure: each heading as it was, followed by the subsections it was refined
 * into (a heading that failed or was not refinable stays as it was).
 */
export function refinedStructure(
  title: string,
  checkpoints: readonly RefineCheckpoint[],
  template: boolean,
): RefineResult {
  const sections = checkpoints.flatMap((row) => [
    { level: row.level, title: row.title, purpose: row.purpose, works: row.works },
    ...(row.status === 'completed' ? row.subsections : []),
  ]);
  return {
    content: structureMarkdown(title, sections),
    sections,
    refinedSections: checkpoints
      .filter((row) => row.refinable)
      .map((row) => {
        const articles = new Map(
          row.subsections.flatMap((sub) => sub.works).map((work) => [work.refId, work]),
        );
        return {
          sectionTitle: row.title,
          sectionLevel: row.level,
          status: row.status,
          subsections: row.subsections,
          articles: [...articles.values()],
          error: row.error,
        };
      }),
    template,
  };
}
