import { describe, expect, it } from 'vitest';
import { FREE_TIER_MODEL_MESSAGE } from '../../../shared/ai/ai-messages';
import type { Model } from '../../../shared/ai/model';
import { loadConfig } from '../../config/config';
import { ProviderRegistry } from '../providers/provider-registry';
import { checkModelChoice, resolveModel } from './model-choice';

const providers = new ProviderRegistry(
  loadConfig({ DATA_DIR: '/tmp/scriptor-choice', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }).ai,
);
const free: Model = {
  model_name: 'openai:small',
  descriptive_name: 'Small',
  cost_per_section: 0.01,
  free_tier: true,
};
const paid: Model = { ...free, model_name: 'openai:large', free_tier: false };
const offered = [free, paid];
const user = { isAdmin: false, isFreeTier: false };
const freeUser = { isAdmin: false, isFreeTier: true };
const freeAdmin = { isAdmin: true, isFreeTier: true };

describe('checkModelChoice', () => {
  it('gives free-tier users only free_tier models, with the spec message', () => {
    expect(checkModelChoice('openai:small', offered, freeUser, providers)).toBe(free);
    expect(() => checkModelChoice('openai:large', offered, freeUser, providers)).toThrow(
      FREE_TIER_MODEL_MESSAGE,
    );
    expect(checkModelChoice('openai:large', offered, user, providers)).toBe(paid);
  });

  it('lets admins bypass the free tier and name any model of a configured provider', () => {
    expect(checkModelChoice('openai:large', offered, freeAdmin, providers)).toBe(paid);
    expect(checkModelChoice('openai:org/custom:8b', offered, freeAdmin, providers)).toMatchObject({
      model_name: 'openai:org/custom:8b',
      free_tier: false,
    });
    expect(() => checkModelChoice('anthropic:claude', offered, freeAdmin, providers)).toThrow(
      'Unknown model provider: anthropic',
    );
    expect(() => checkModelChoice('openai:custom', offered, user, providers)).toThrow(
      'Unknown model: openai:custom',
    );
  });
});

describe('resolveModel', () => {
  it('prefers the request, then the remembered model while allowed, then the default', () => {
    expect(resolveModel('openai:large', 'openai:small', free, offered, user, providers)).toBe(paid);
    expect(resolveModel(undefined, 'openai:large', free, offered, user, providers)).toBe(paid);
    expect(resolveModel(undefined, 'openai:large', free, offered, freeUser, providers)).toBe(free);
    expect(resolveModel(undefined, 'openai:gone', free, offered, user, providers)).toBe(free);
    expect(resolveModel(undefined, null, null, [], user, providers)).toBeNull();
  });

  it('gives a free-tier user a free model when the default is not one', () => {
    expect(resolveModel(undefined, null, paid, offered, freeUser, providers)).toBe(free);
    expect(() => resolveModel(undefined, null, paid, [paid], freeUser, providers)).toThrow(
      FREE_TIER_MODEL_MESSAGE,
    );
  });
});
