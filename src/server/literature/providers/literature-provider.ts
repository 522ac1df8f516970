import type { Work } from '../../../shared/citations/work';
import type { DocumentType } from '../../../shared/literature/search-filters';

export interface LiteratureQuery {
  q: string;
  includeText: string;
  excludeText: string;
  yearStart: number | null;
  yearEnd: number | null;
  minCitations: number;
  /** Empty means every type. */
  documentTypes: DocumentType[];
  limit: number;
}

export type ScoredWork = Work & { similarity_score: number };

/**
 * Where searches go: the local store's BM25 index (default) or a live service such as
 * OpenAlex. A provider returns stored works only, so every result can be cited by refId.
 */
export interface LiteratureProvider {
  readonly name: string;
  search(query: LiteratureQuery): Promise<ScoredWork[]>;
}

/**
 * Web search (002: websites when web search is enabled) has no default provider yet; this is
 * the interface one implements.
 */
export interface WebSearchProvider {
  readonly name: string;
  search(query: string, limit: number): Promise<Work[]>;
}
