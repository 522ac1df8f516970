import { useQuery } from '@tanstack/react-query';
import type { CitedWork } from '../../../shared/citations/work';
import type { SearchHidden, SearchSourceReport } from '../../../shared/literature/search-report';
import { ApiError, apiFetch } from '../../api/http';
import type { SearchRequest } from '../search/search-request';
import { awaitsOutsideSources } from '../search/search-stages';
import { parseWorks } from './parse-works';

/** One search of the References pane; `attempt` makes pressing Search again ask again. */
export interface SearchRun {
  request: SearchRequest;
  attempt: number;
}

export const SEARCH_FAILED = 'Search failed';

/** A search's results with which sources answered and what the type filter hid. */
export interface SearchOutcome {
  results: CitedWork[];
  sources: SearchSourceReport[];
  hidden: SearchHidden[];
}

/** Results best first; a failure carries the server's error, or 'Search failed' (002 §8). */
async function search(
  request: SearchRequest | undefined,
  stage: 'library' | 'all',
): Promise<SearchOutcome> {
  try {
    const answer = await apiFetch<{ results?: unknown; sources?: unknown; hidden?: unknown }>(
      '/api/search',
      { method: 'POST', body: JSON.stringify({ ...request, stage }) },
    );
    return {
      results: parseWorks(answer.results),
      sources: Array.isArray(answer.sources) ? (answer.sources as SearchSourceReport[]) : [],
      hidden: Array.isArray(answer.hidden) ? (answer.hidden as SearchHidden[]) : [],
    };
  } catch (error) {
    // apiFetch words an answer without {error} as 'Request failed with status N'; that is
    // not a server message, so the spec's generic text stands in for it.
    const serverMessage =
      error instanceof ApiError && error.message !== `Request failed with status ${error.status}`;
    throw serverMessage ? error : new Error(SEARCH_FAILED, { cause: error });
  }
}

/**
 * A search in two stages: the library's answer, shown at once, and (while outside sources were
 * still answering) the complete answer, which `combineStages` merges without moving what the
 * user is reading.
 */
export function useLiteratureSearch(run: SearchRun | null) {
  const key = ['literature', 'search', run?.attempt, run?.request];
  const library = useQuery({
    queryKey: [...key, 'library'],
    queryFn: () => search(run?.request, 'library'),
    enabled: run !== null,
    retry: false,
    staleTime: Infinity,
  });
  const complete = useQuery({
    queryKey: [...key, 'all'],
    queryFn: () => search(run?.request, 'all'),
    enabled: run !== null && library.data !== undefined && awaitsOutsideSources(library.data),
    retry: false,
    staleTime: Infinity,
  });
  return { library, complete };
}
