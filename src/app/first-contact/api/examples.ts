import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/http';
import { paperKeys } from '../../api/papers';
import type { Paper } from '../../../shared/papers/paper';
import type { Work } from '../../../shared/citations/work';

export interface ExampleSummary {
  id: string;
  title: string;
  type: string;
  description: string;
}

export interface ExamplePaper extends ExampleSummary {
  content: string;
  citations: Work[];
}

export function useExampleList() {
  return useQuery({
    queryKey: ['examples'],
    queryFn: () => apiFetch<{ examples: ExampleSummary[] }>('/api/examples'),
    staleTime: Infinity,
  });
}

export function useExample(id: string) {
  return useQuery({
    queryKey: ['examples', id],
    queryFn: () => apiFetch<ExamplePaper>(`/api/examples/${encodeURIComponent(id)}`),
    staleTime: Infinity,
  });
}

/** 'Use as a starting point': the example becomes one of the user's papers. */
export function useCopyExample() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<Paper>(`/api/examples/${encodeURIComponent(id)}/copy`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: paperKeys.lists }),
  });
}
