import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataFile, DataSheet } from '../../../shared/analysis/data-file';
import type { Notebook } from '../../../shared/analysis/notebook';
import { ApiError, apiFetch } from '../../api/http';

export type StoredDataFile = DataFile & { size: number; sheets: DataSheet[] };

/** Spec 000 §3 Progress object. */
export interface AnalysisProgress {
  stage: string;
  step: number;
  totalSteps: number;
  percentComplete: number;
  currentOperation: string;
  details: string;
}

export interface AnalysisStep {
  stepId: string;
  conversationId: string;
  fileId: string | null;
  question: string;
  automatic: boolean;
  status: 'pending' | 'processing' | 'completed' | 'failed' | 'cancelled';
  progress: AnalysisProgress | null;
  text: string;
  result: { report: string } | null;
  trace: Notebook;
  error: string | null;
  paperId: string | null;
}

export const analysisKeys = {
  status: ['data-analysis', 'status'] as const,
  files: (userId: string) => ['data-analysis', 'files', userId] as const,
  conversation: (id: string) => ['data-analysis', 'conversation', id] as const,
  paperNotebooks: (paperId: string) => ['data-analysis', 'paper-notebooks', paperId] as const,
};

export function useAnalysisStatus() {
  return useQuery({
    queryKey: analysisKeys.status,
    queryFn: () =>
      apiFetch<{ available: boolean; message: string | null; aiAvailable: boolean }>(
        '/api/data-analysis/status',
      ),
    staleTime: 60_000,
  });
}

/** Spec 002 §6: the data-file calls carry the user id (the session's e-mail). */
export function useDataFiles(userId: string) {
  return useQuery({
    queryKey: analysisKeys.files(userId),
    queryFn: async () =>
      (
        await apiFetch<{ files: StoredDataFile[] }>(
          `/api/data-files?userId=${encodeURIComponent(userId)}`,
        )
      ).files,
  });
}

export function useDeleteDataFile(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) =>
      apiFetch(
        `/api/data-files?fileId=${encodeURIComponent(fileId)}&userId=${encodeURIComponent(userId)}`,
        { method: 'DELETE' },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: analysisKeys.files(userId) }),
  });
}

export async function uploadDataFile(file: File, userId: string): Promise<string> {
  const form = new FormData();
  form.set('file', file);
  form.set('userId', userId);
  // Not apiFetch: the browser must set the multipart content type with its boundary.
  const response = await fetch('/api/data-upload', {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
  });
  const body = (await response.json().catch(() => ({}))) as { fileId?: string; error?: string };
  if (!response.ok || !body.fileId) {
    throw new ApiError(response.status, body.error ?? `Upload failed (${response.status})`);
  }
  return body.fileId;
}

export function useConversation(conversationId: string) {
  return useQuery({
    queryKey: analysisKeys.conversation(conversationId),
    queryFn: async () =>
      (
        await apiFetch<{ steps: AnalysisStep[] }>(
          `/api/data-analysis/conversation?conversationId=${encodeURIComponent(conversationId)}`,
        )
      ).steps,
  });
}

export function fetchStep(stepId: string): Promise<AnalysisStep> {
  return apiFetch<AnalysisStep>(`/api/data-analysis/job?stepId=${encodeURIComponent(stepId)}`);
}

export function attachStep(stepId: string, paperId: string) {
  return apiFetch('/api/data-analysis/attach', {
    method: 'POST',
    body: JSON.stringify({ stepId, paperId }),
  });
}

export function notebookUrl(conversationId: string): string {
  return `/api/data-analysis/notebook?conversationId=${encodeURIComponent(conversationId)}`;
}

export function stepNotebookUrl(stepId: string): string {
  return `/api/data-analysis/notebook?stepId=${encodeURIComponent(stepId)}`;
}

export interface PaperNotebook {
  stepId: string;
  question: string;
  createdAt: string;
}

/** The notebooks whose results went into the paper: where its figures came from. */
export function usePaperNotebooks(paperId: string | null) {
  return useQuery({
    queryKey: analysisKeys.paperNotebooks(paperId ?? ''),
    enabled: paperId !== null,
    queryFn: async () =>
      (
        await apiFetch<{ notebooks: PaperNotebook[] }>(
          `/api/data-analysis/paper-notebooks?paperId=${encodeURIComponent(paperId ?? '')}`,
        )
      ).notebooks,
  });
}
