import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api/http';
import type { ModelList } from './api/billing';

/**
 * The cost per section of the model the user's AI actions run with: the remembered choice,
 * else the installation's default. Undefined while unknown (the gate then assumes 0.05).
 */
export function useSelectedModelCost(): number | undefined {
  const settings = useQuery({
    queryKey: ['settings', 'ai'],
    queryFn: () => apiFetch<{ selectedModel: string | null }>('/api/settings/ai'),
  });
  const models = useQuery({
    queryKey: ['models', 'available'],
    queryFn: () => apiFetch<ModelList>('/api/models/available'),
  });
  const fallback = useQuery({
    queryKey: ['models', 'default'],
    queryFn: () => apiFetch<{ model: { model_name: string } | null }>('/api/models/default'),
  });
  const name = settings.data?.selectedModel ?? fallback.data?.model?.model_name;
  const model = models.data?.models.find((candidate) => candidate.model_name === name);
  return model?.cost_per_section ?? undefined;
}
