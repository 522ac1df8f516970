import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentLanguage } from '../../../shared/ai/languages';
import type { Model, ModelListResponse } from '../../../shared/ai/model';
import { apiFetch } from '../../api/http';

/** GET/PUT /api/settings/ai: what the user chose, remembered on the server. */
export interface AiSettings {
  /** null: the installation's default model. */
  selectedModel: string | null;
  contentLanguage: ContentLanguage;
}

export const aiKeys = {
  models: ['ai', 'models'] as const,
  defaultModel: ['ai', 'default-model'] as const,
  settings: ['settings', 'ai'] as const,
};

export function useAvailableModels() {
  return useQuery({
    queryKey: aiKeys.models,
    queryFn: () => apiFetch<ModelListResponse>('/api/models/available'),
    staleTime: 5 * 60_000,
  });
}

export function useDefaultModel() {
  return useQuery({
    queryKey: aiKeys.defaultModel,
    queryFn: () => apiFetch<{ model: Model | null }>('/api/models/default').then((a) => a.model),
    staleTime: 5 * 60_000,
  });
}

export function useAiSettings() {
  return useQuery({
    queryKey: aiKeys.settings,
    queryFn: () => apiFetch<AiSettings>('/api/settings/ai'),
    staleTime: Infinity,
  });
}

export function useSaveAiSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<AiSettings>) =>
      apiFetch<AiSettings>('/api/settings/ai', { method: 'PUT', body: JSON.stringify(changes) }),
    onSuccess: (settings) => client.setQueryData(aiKeys.settings, settings),
  });
}
