import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paper, PaperSummary } from '../../shared/papers/paper';
import type { PaperType } from '../../shared/papers/paper-types';
import { apiFetch } from './http';

export const paperKeys = {
  list: (search: string) => ['papers', 'list', search] as const,
  lists: ['papers', 'list'] as const,
  detail: (id: string) => ['papers', 'detail', id] as const,
};

export function usePaperList(search: string) {
  return useQuery({
    queryKey: paperKeys.list(search),
    queryFn: () =>
      apiFetch<PaperSummary[]>(
        search ? `/api/papers?search=${encodeURIComponent(search)}` : '/api/papers',
      ),
    placeholderData: (previous) => previous,
  });
}

const fetchPaperById = (id: string) => apiFetch<Paper>(`/api/papers/${encodeURIComponent(id)}`);

export function usePaper(id: string | null) {
  return useQuery({
    queryKey: paperKeys.detail(id ?? ''),
    queryFn: () => fetchPaperById(id ?? ''),
    enabled: id !== null,
    retry: false,
  });
}

/** Fetches a paper fresh (sharing the request with usePaper) so the caller sees a failure. */
export function useFetchPaper() {
  const client = useQueryClient();
  return useCallback(
    (id: string) =>
      client.fetchQuery({
        queryKey: paperKeys.detail(id),
        queryFn: () => fetchPaperById(id),
        staleTime: 0,
        retry: false,
      }),
    [client],
  );
}

export function useCreatePaper() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { title: string; type: PaperType; methodology?: string; field?: string }) =>
      apiFetch<Paper>('/api/papers', { method: 'POST', body: JSON.stringify(input) }),
    onSuccess: (paper) => {
      client.setQueryData(paperKeys.detail(paper.id), paper);
      void client.invalidateQueries({ queryKey: paperKeys.lists });
    },
  });
}

export function useUpdatePaper() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paper: Partial<Paper> & { id: string; live?: boolean }) =>
      apiFetch<Paper>(`/api/papers/${encodeURIComponent(paper.id)}`, {
        method: 'PUT',
        body: JSON.stringify(paper),
      }),
    onSuccess: (paper) => {
      client.setQueryData(paperKeys.detail(paper.id), paper);
      void client.invalidateQueries({ queryKey: paperKeys.lists });
    },
  });
}

/** POST /api/papers/:id/import-file: a converted file becomes an empty paper's content. */
export function useImportFileAsContent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { paperId: string; fileId: string }) =>
      apiFetch<Paper>(`/api/papers/${encodeURIComponent(input.paperId)}/import-file`, {
        method: 'POST',
        body: JSON.stringify({ fileId: input.fileId }),
      }),
    onSuccess: (paper) => {
      client.setQueryData(paperKeys.detail(paper.id), paper);
      void client.invalidateQueries({ queryKey: paperKeys.lists });
    },
  });
}

export function useDeletePaper() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ success: true }>(`/api/papers/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      client.removeQueries({ queryKey: paperKeys.detail(id) });
      void client.invalidateQueries({ queryKey: paperKeys.lists });
    },
  });
}

/** One stored version of a paper (spec 001 §3, history entry); newest first from the API. */
export interface PaperHistoryEntry {
  history_id: string;
  version_number: number;
  version_created_at: string;
  version_created_by_name: string;
  version_comment: string;
  title: string;
  type: string;
  description: string;
  methodology: string;
  field: string;
  content: string;
  citations: unknown[];
}

export interface RestoreResult {
  success: true;
  paper: Pick<Paper, 'title' | 'content' | 'citations' | 'updated_at'>;
  restoredFromVersion: number;
}

export const historyKey = (paperId: string) => ['papers', 'history', paperId] as const;

export function usePaperHistory(paperId: string) {
  return useQuery({
    queryKey: historyKey(paperId),
    queryFn: () =>
      apiFetch<{ history: PaperHistoryEntry[] }>(
        `/api/papers/${encodeURIComponent(paperId)}/history`,
      ).then((answer) => answer.history),
    staleTime: 0,
    retry: false,
  });
}

export function useRestoreVersion(paperId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (historyId: string) =>
      apiFetch<RestoreResult>(`/api/papers/${encodeURIComponent(paperId)}/history/restore`, {
        method: 'POST',
        body: JSON.stringify({ historyId }),
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: historyKey(paperId) });
      void client.invalidateQueries({ queryKey: paperKeys.lists });
    },
  });
}

export function useSavePaperAs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { originalPaperId: string; newName: string; content: string }) =>
      apiFetch<{ success: true; newPaperId: string }>('/api/paper/save-as', {
        method: 'POST',
        body: JSON.stringify(input),
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: paperKeys.lists }),
  });
}
