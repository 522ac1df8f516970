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

/** A stored work attached to a section, as the structure tree shows it. */
export interface SectionWork {
  refId: string;
  title: string;
  authors: string[];
  year: number | null;
}

export interface StructureSection {
  /** 2 to 5: ## to ##### (Chapter, Section, Subsection, Subsubsection). */
  level: number;
  title: string;
  /** One line: what the section is for. */
  purpose: string;
  /** 2 to 5 retrieved works the section should draw on (fewer when too little was found). */
  works: SectionWork[];
}

/** The structure job's result (GET /api/structure). */
export interface StructureResult {
  /** The paper's headings as markdown in the document module's conventions. */
  markdown: string;
  sections: StructureSection[];
  /** True when no model was configured and the type's template was used. */
  template: boolean;
  /** The literature queries that were searched. */
  queries: string[];
}

/** What a structure proposal names before the works are resolved to stored ones. */
export interface ProposedSection {
  level: number;
  title: string;
  purpose: string;
  refIds: string[];
}
