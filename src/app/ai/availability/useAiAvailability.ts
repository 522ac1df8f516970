import { useCallback } from 'react';
import { useAvailableModels } from '../models/models-api';
import { decideAvailability, type AiAction, type Availability } from './ai-availability';

/**
 * `availability(action)` for the signed-in user. While the model list is loading (or failed to
 * load) actions stay enabled: the server refuses what it cannot do with its own message.
 */
export function useAiAvailability(): (action: AiAction) => Availability {
  const models = useAvailableModels();
  const aiAvailable = models.data?.aiAvailable ?? true;
  return useCallback((action) => decideAvailability(action, { aiAvailable }), [aiAvailable]);
}
