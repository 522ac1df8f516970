import type { SearchFilters } from '../../../shared/literature/search-filters';
import type { ContentLanguage } from '../../../shared/ai/languages';
import type { PaperType } from '../../../shared/papers/paper-types';

/** What a structure is generated from (the wizard's properties and uploads, 001 §7). */
export interface StructureRequest {
  ownerId: string;
  title: string;
  description: string;
  paperType: PaperType;
  methodology: string;
  field: string;
  /** The uploaded files' text (an assignment's rubric, notes, a draft); may be empty. */
  uploadedContent: string;
  language: ContentLanguage;
  filters: SearchFilters;
}

/** What a structure proposal names before the works are resolved to stored ones. */
export interface ProposedSection {
  level: number;
  title: string;
  purpose: string;
  refIds: string[];
}
