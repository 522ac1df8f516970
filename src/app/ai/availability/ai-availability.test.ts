import { describe, expect, it } from 'vitest';
import { MODEL_REQUIRED_MESSAGE } from '../../../shared/ai/ai-messages';
import { decideAvailability } from './ai-availability';

describe('decideAvailability', () => {
  it('offers every action when a provider is configured', () => {
    for (const action of ['rewrite', 'refine', 'shorter', 'longer', 'custom', 'summary'] as const) {
      expect(decideAvailability(action, { aiAvailable: true, insufficientBalance: null })).toEqual({
        enabled: true,
        reason: null,
      });
    }
  });

  it('keeps the offline actions and explains the model-only ones without a provider', () => {
    expect(
      decideAvailability('rewrite', { aiAvailable: false, insufficientBalance: null }).enabled,
    ).toBe(true);
    expect(
      decideAvailability('shorter', { aiAvailable: false, insufficientBalance: null }).enabled,
    ).toBe(true);
    for (const action of ['refine', 'longer', 'custom', 'summary'] as const) {
      expect(decideAvailability(action, { aiAvailable: false, insufficientBalance: null })).toEqual(
        {
          enabled: false,
          reason: MODEL_REQUIRED_MESSAGE,
        },
      );
    }
  });

  it('refuses the priced actions with the balance message, not the free offline ones', () => {
    const insufficientBalance =
      'Insufficient balance. Your balance ($0.01) is below the cost per section for this model ($0.02). Please add funds to continue.';
    for (const action of ['rewrite', 'refine', 'shorter', 'longer', 'custom', 'summary'] as const) {
      expect(decideAvailability(action, { aiAvailable: true, insufficientBalance })).toEqual({
        enabled: false,
        reason: insufficientBalance,
      });
    }
    expect(decideAvailability('rewrite', { aiAvailable: false, insufficientBalance })).toEqual({
      enabled: true,
      reason: null,
    });
    expect(decideAvailability('refine', { aiAvailable: false, insufficientBalance }).reason).toBe(
      MODEL_REQUIRED_MESSAGE,
    );
  });
});
