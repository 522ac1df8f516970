import { describe, expect, it } from 'vitest';
import { MODEL_REQUIRED_MESSAGE } from '../../../shared/ai/ai-messages';
import { decideAvailability } from './ai-availability';

describe('decideAvailability', () => {
  it('offers every action when a provider is configured', () => {
    for (const action of ['rewrite', 'refine', 'shorter', 'longer', 'custom', 'summary'] as const) {
      expect(decideAvailability(action, { aiAvailable: true })).toEqual({
        enabled: true,
        reason: null,
      });
    }
  });

  it('keeps the offline actions and explains the model-only ones without a provider', () => {
    expect(decideAvailability('rewrite', { aiAvailable: false }).enabled).toBe(true);
    expect(decideAvailability('shorter', { aiAvailable: false }).enabled).toBe(true);
    for (const action of ['refine', 'longer', 'custom', 'summary'] as const) {
      expect(decideAvailability(action, { aiAvailable: false })).toEqual({
        enabled: false,
        reason: MODEL_REQUIRED_MESSAGE,
      });
    }
  });
});
