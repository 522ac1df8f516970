import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  defaultSearchFilters,
  type SearchFilters,
} from '../../../shared/literature/search-filters';
import { apiFetch } from '../../api/http';

const searchFiltersKey = ['settings', 'search-filters'] as const;
const SEARCH_FILTERS_PATH = '/api/settings/search-filters';

/** GET's answer: the filters, and whether this user may tick web pages (002 §5). */
interface FiltersAnswer {
  filters: SearchFilters;
  webSearchAllowed?: boolean;
}

function useFiltersAnswer() {
  return useQuery({
    queryKey: searchFiltersKey,
    queryFn: () => apiFetch<FiltersAnswer>(SEARCH_FILTERS_PATH),
    staleTime: Infinity,
  });
}

/**
 * The user's saved filters (spec 002 §3), or the defaults of §9 while none could be loaded:
 * searching still works when the settings are unreachable. `ready` turns true once the
 * saved ones have been asked for, so a search never runs with the wrong filters first.
 */
export function useSearchFilters(): { filters: SearchFilters; ready: boolean } {
  const query = useFiltersAnswer();
  const defaults = useMemo(() => defaultSearchFilters(), []);
  return { filters: query.data?.filters ?? defaults, ready: !query.isPending };
}

/** Free-tier users may not tick web pages; the server forces web off for them at load. */
export function useWebSearchAllowed(): boolean {
  return useFiltersAnswer().data?.webSearchAllowed !== false;
}

export function useSaveSearchFilters() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (filters: SearchFilters) =>
      apiFetch<{ filters: SearchFilters }>(SEARCH_FILTERS_PATH, {
        method: 'PUT',
        body: JSON.stringify({ filters }),
      }).then((answer) => answer.filters),
    onSuccess: (filters) =>
      client.setQueryData<FiltersAnswer>(searchFiltersKey, (old) => ({ ...old, filters })),
  });
}
