import { describe, expect, it } from 'vitest';
import {
  effectiveModel,
  formatCostPerSection,
  isProviderQualified,
  mayChooseModel,
  modelBadge,
} from './model-access';

const paid = {
  model_name: 'openai:gpt-4o',
  descriptive_name: 'GPT-4o',
  cost_per_section: 0.2,
  free_tier: false,
};
const free = {
  model_name: 'openai:gpt-4o-mini',
  descriptive_name: 'GPT-4o mini',
  cost_per_section: 0.05,
  free_tier: true,
};

describe('model access', () => {
  it('keeps non-free models from free-tier users, except admins', () => {
    expect(mayChooseModel(paid, { userIsFreeTier: true, isAdmin: false })).toBe(false);
    expect(modelBadge(paid, { userIsFreeTier: true, isAdmin: false })).toBe('Upgrade Required');
    expect(mayChooseModel(free, { userIsFreeTier: true, isAdmin: false })).toBe(true);
    expect(mayChooseModel(paid, { userIsFreeTier: true, isAdmin: true })).toBe(true);
    expect(modelBadge(paid, { userIsFreeTier: false, isAdmin: false })).toBeNull();
  });

  it('accepts only provider-qualified custom ids', () => {
    expect(isProviderQualified('openai:gpt-4.1-nano')).toBe(true);
    expect(isProviderQualified(' anthropic:claude-3-5-haiku-latest ')).toBe(true);
    expect(isProviderQualified('openai:meta-llama/Llama-3.1-8B')).toBe(true);
    expect(isProviderQualified('gpt-4o')).toBe(false);
    expect(isProviderQualified('openai:')).toBe(false);
    expect(isProviderQualified(':gpt')).toBe(false);
  });

  it('shows costs in dollars and a dash when unknown', () => {
    expect(formatCostPerSection(0.05)).toBe('$0.05');
    expect(formatCostPerSection(1.5)).toBe('$1.50');
    expect(formatCostPerSection(0.0025)).toBe('$0.0025');
    expect(formatCostPerSection(null)).toBe('-');
  });

  it('uses the remembered model, else the default', () => {
    expect(effectiveModel(null, free, [free, paid])).toBe(free);
    expect(effectiveModel('openai:gpt-4o', free, [free, paid])).toBe(paid);
    expect(effectiveModel('openai:custom-x', free, [free])).toEqual({
      model_name: 'openai:custom-x',
      descriptive_name: 'openai:custom-x',
    });
    expect(effectiveModel(null, null, [])).toBeNull();
  });
});
