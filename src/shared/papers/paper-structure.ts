/**
 * A proposed paper structure as the structure and refine jobs return it and the wizard's tree
 * shows it (GET /api/structure, docs/ai-api.md StructureResult).
 */

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
  /** True when no model was configured and the paper type's template was used. */
  template: boolean;
  /** The literature queries that were searched. */
  queries: string[];
}
