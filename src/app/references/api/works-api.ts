import { useQuery } from '@tanstack/react-query';
import { toCitedWork } from '../../../shared/citations/work-payload';
import { apiFetch } from '../../api/http';

/** A stored work by refId, for citations the paper's own list does not hold. */
export function useStoredWork(refId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['literature', 'work', refId],
    queryFn: () => apiFetch<unknown>(`/api/works/${encodeURIComponent(refId)}`).then(toCitedWork),
    enabled,
    retry: false,
  });
}
