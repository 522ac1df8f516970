import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/http';

export interface LibraryStatus {
  works: number;
  corpus: {
    status: 'pending' | 'processing' | 'completed' | 'failed' | 'cancelled';
    progress: { works?: number; totalWorks?: number; percentComplete?: number } | null;
    error: string | null;
  } | null;
}

const POLL_MS = 2000;

export const isLoading = (status: LibraryStatus | undefined) =>
  status?.corpus?.status === 'pending' || status?.corpus?.status === 'processing';

/** GET /api/literature/status, polled while the bundled corpus is still loading. */
export function useLibraryStatus() {
  return useQuery({
    queryKey: ['literature', 'status'],
    queryFn: () => apiFetch<LibraryStatus>('/api/literature/status'),
    refetchInterval: (query) => (isLoading(query.state.data) ? POLL_MS : false),
  });
}
