import type { ContentLanguage } from '../../../../shared/ai/languages';
import type { SearchFilters } from '../../../../shared/literature/search-filters';
import type { PaperType } from '../../../../shared/papers/paper-types';
import type { SectionWork, StructureSection } from '../../../../shared/papers/paper-structure';

/** What every section of a refinement is expanded from (001 §7 'Refinement'). */
export interface RefineRequest {
  ownerId: string;
  title: string;
  description: string;
  methodology: string;
  field: string;
  paperType: PaperType;
  language: ContentLanguage;
  filters: SearchFilters;
  /** The uploaded files' text and the wizard's search context; may be empty. */
  material: string;
}

/** A heading of the structure being refined, as the checkpoint table holds it. */
export interface OutlineSection {
  level: number;
  title: string;
  purpose: string;
  works: SectionWork[];
  /** False for a ##### heading: it cannot go deeper, so it is kept, not counted or charged. */
  refinable: boolean;
}

/** The deepest heading the tree shows (#####). */
export const MAX_LEVEL = 5;

/** A refined heading's new subsections, and what they were found with. */
export interface RefinedSection {
  subsections: StructureSection[];
}
