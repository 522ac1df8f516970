import { useCallback, useMemo, useState } from 'react';
import { useSearchFilters } from '../api/search-filters-api';
import type { SearchRun } from '../api/search-api';
import { canSearch, searchRequest } from './search-request';

export interface SearchState {
  /** The text in the search box. */
  query: string;
  setQuery(query: string): void;
  /** Runs `text` (the box's text by default); a search with nothing to look for does nothing. */
  submit(text?: string): void;
  /** The search to show, with the saved filters applied; null before the first one. */
  run: SearchRun | null;
}

/**
 * The References pane's search: what was typed, what was last asked for, and the request that
 * follows from it and the saved filters, so applying new filters re-runs the last search.
 */
export function useSearchState(paperId: string | null): SearchState {
  const { filters, ready } = useSearchFilters();
  const [query, setQuery] = useState('');
  const [asked, setAsked] = useState<{ query: string; attempt: number } | null>(null);

  const submit = useCallback(
    (text?: string) => {
      const wanted = text ?? query;
      if (text !== undefined) setQuery(text);
      if (!canSearch(wanted, filters)) return;
      setAsked((last) => ({ query: wanted.trim(), attempt: (last?.attempt ?? 0) + 1 }));
    },
    [query, filters],
  );

  const run = useMemo<SearchRun | null>(() => {
    if (asked === null || !ready || !canSearch(asked.query, filters)) return null;
    return { request: searchRequest(asked.query, filters, paperId), attempt: asked.attempt };
  }, [asked, ready, filters, paperId]);

  return useMemo(() => ({ query, setQuery, submit, run }), [query, submit, run]);
}
