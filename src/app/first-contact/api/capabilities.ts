import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../api/http';
import type { Capabilities } from '../../../shared/about/capabilities';

/** GET /api/capabilities: what this server does, for the About dialog. */
export function useCapabilities() {
  return useQuery({
    queryKey: ['capabilities'],
    queryFn: () => apiFetch<Capabilities>('/api/capabilities'),
  });
}
