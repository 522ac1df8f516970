import type { Work } from '../../../shared/citations/work';
import type { DocumentType } from '../../../shared/literature/search-filters';
import type { SearchHidden, SearchSourceReport } from '../../../shared/literature/search-report';

export interface LiteratureQuery {
  q: string;
  includeText: string;
  excludeText: string;
  yearStart: number | null;
  yearEnd: number | null;
  /** Whether works without a known year pass the year bounds (true unless the user says not). */
  includeUndated: boolean;
  minCitations: number;
  /** Empty means every type except web pages, which are searched only when asked for. */
  documentTypes: DocumentType[];
  limit: number;
  /**
   * The user searching (null for system work). A provider returns the shared library plus this
   * user's own imports, never another user's private works.
   */
  viewerId: string | null;
}

/** 'library': this server's library alone, at once; 'all': every configured source. */
export type SearchStage = 'library' | 'all';

export type ScoredWork = Work & { similarity_score: number };

/** A search's results with the report the References pane shows beside them. */
export interface SearchAnswer {
  results: ScoredWork[];
  /** Which sources were asked and whether they answered. */
  sources: SearchSourceReport[];
  /** Matching works the document-type filter left out, per type. */
  hidden: SearchHidden[];
}

/**
 * Where searches go: the federation of the local store and the open scholarly APIs (default),
 * the local store alone, or OpenAlex alone. A provider returns stored works only, so every
 * result can be cited by refId.
 */
export interface LiteratureProvider {
  readonly name: string;
  search(query: LiteratureQuery): Promise<ScoredWork[]>;
  /**
   * The same search with its report of sources and hidden results (POST /api/search). Stage
   * 'library' answers from this server's library alone, without waiting for outside sources.
   */
  answer(query: LiteratureQuery, stage?: SearchStage): Promise<SearchAnswer>;
}

/** Web search (002 §1: websites when web search is enabled): SearXNG or a commercial API. */
export interface WebSearchProvider {
  readonly name: string;
  search(query: string, limit: number, signal: AbortSignal): Promise<Work[]>;
}
