import { useCallback } from 'react';
import { useBalanceGate } from '../../billing/useBalanceGate';
import { useAvailableModels } from '../models/models-api';
import { decideAvailability, type AiAction, type Availability } from './ai-availability';

/**
 * `availability(action)` for the signed-in user. While the model list is loading (or failed to
 * load) actions stay enabled: the server refuses what it cannot do with its own message. The
 * balance is judged at the selected model's cost per section (the summary runs with that model
 * too).
 */
export function useAiAvailability(): (action: AiAction) => Availability {
  const models = useAvailableModels();
  const aiAvailable = models.data?.aiAvailable ?? true;
  const insufficientBalance = useBalanceGate().message;
  return useCallback(
    (action) => decideAvailability(action, { aiAvailable, insufficientBalance }),
    [aiAvailable, insufficientBalance],
  );
}
