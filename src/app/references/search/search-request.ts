import {
  DEFAULT_RESULT_COUNT,
  type DocumentTypes,
  type SearchFilters,
} from '../../../shared/literature/search-filters';

/** The body of POST /api/search (spec 002 §7). */
export interface SearchRequest {
  n: number;
  paperId?: string;
  q: string;
  includeText: string;
  excludeText: string;
  yearStart: number;
  yearEnd: number;
  includeUndated: boolean;
  minCitations: number;
  documentTypes: DocumentTypes;
}

/**
 * Spec 002 §5: a search with no query and no filter text does nothing. The server answers such
 * a search with no results, so asking would only flash 'Nothing found with your query'.
 */
export function canSearch(query: string, filters: SearchFilters): boolean {
  return query.trim() !== '' || filters.includeText.trim() !== '';
}

/**
 * The saved filters travel with every search; yearRange becomes yearStart/yearEnd and the JIF
 * filter stays behind, as spec 002 §7 documents the body without it.
 */
export function searchRequest(
  query: string,
  filters: SearchFilters,
  paperId: string | null,
): SearchRequest {
  return {
    n: DEFAULT_RESULT_COUNT,
    ...(paperId === null ? {} : { paperId }),
    q: query.trim(),
    includeText: filters.includeText,
    excludeText: filters.excludeText,
    yearStart: filters.yearRange[0],
    yearEnd: filters.yearRange[1],
    includeUndated: filters.includeUndated,
    minCitations: filters.minCitations,
    documentTypes: { ...filters.documentTypes },
  };
}
