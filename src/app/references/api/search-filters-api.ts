import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  defaultSearchFilters,
  type SearchFilters,
} from '../../../shared/literature/search-filters';
import { apiFetch } from '../../api/http';

const searchFiltersKey = ['settings', 'search-filters'] as const;
const SEARCH_FILTERS_PATH = '/api/settings/search-filters';

export function useSearchFiltersQuery() {
  return useQuery({
    queryKey: searchFiltersKey,
    queryFn: () => apiFetch<{ filters: SearchFilters }>(SEARCH_FILTERS_PATH).then((a) => a.filters),
    staleTime: Infinity,
  });
}

/**
 * The user's saved filters (spec 002 §3), or the defaults of §9 while none could be loaded:
 * searching still works when the settings are unreachable. `ready` turns true once the
 * saved ones have been asked for, so a search never runs with the wrong filters first.
 */
export function useSearchFilters(): { filters: SearchFilters; ready: boolean } {
  const query = useSearchFiltersQuery();
  const defaults = useMemo(() => defaultSearchFilters(), []);
  return { filters: query.data ?? defaults, ready: !query.isPending };
}

export function useSaveSearchFilters() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (filters: SearchFilters) =>
      apiFetch<{ filters: SearchFilters }>(SEARCH_FILTERS_PATH, {
        method: 'PUT',
        body: JSON.stringify({ filters }),
      }).then((answer) => answer.filters),
    onSuccess: (filters) => client.setQueryData(searchFiltersKey, filters),
  });
}
