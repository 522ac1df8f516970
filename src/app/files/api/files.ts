import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaperFile } from '../../../shared/files/paper-file';
import { apiFetch } from '../../api/http';

export const fileKeys = {
  list: (paperId: string) => ['files', paperId] as const,
};

export function usePaperFiles(paperId: string) {
  return useQuery({
    queryKey: fileKeys.list(paperId),
    queryFn: async () => {
      try {
        const answer = await apiFetch<{ files: PaperFile[] }>(
          `/api/files?paperId=${encodeURIComponent(paperId)}`,
        );
        return answer.files;
      } catch (error) {
        // Spec 000 §8: only logged.
        console.error('Failed to fetch files', error);
        throw error;
      }
    },
  });
}

export function useSaveFile(paperId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { fileId: string; contents: string }) =>
      apiFetch<{ file: PaperFile }>('/api/files', {
        method: 'PUT',
        body: JSON.stringify(change),
      }),
    onSuccess: ({ file }) =>
      client.setQueryData<PaperFile[]>(fileKeys.list(paperId), (files) =>
        files?.map((existing) => (existing.id === file.id ? file : existing)),
      ),
    onError: (error) => console.error('Failed to save file', error),
  });
}

export function useDeleteFile(paperId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) =>
      apiFetch<{ success: boolean }>(`/api/files?fileId=${encodeURIComponent(fileId)}`, {
        method: 'DELETE',
      }),
    onSuccess: (_answer, fileId) =>
      client.setQueryData<PaperFile[]>(fileKeys.list(paperId), (files) =>
        files?.filter((file) => file.id !== fileId),
      ),
    onError: (error) => console.error('Failed to delete file', error),
  });
}
