import { describe, expect, it } from 'vitest';
import { GENERIC_INSUFFICIENT_BALANCE } from '../../shared/billing/balance-rule';
import { balanceGate, neededAmount } from './balance-gate';

describe('balanceGate', () => {
  it('allows AI actions only while the balance is above the cost per section', () => {
    expect(balanceGate(true, 0.06, 0.05)).toMatchObject({ allowed: true, sectionsCovered: 1 });
    expect(balanceGate(true, 0.05, 0.05)).toMatchObject({
      allowed: false,
      sectionsCovered: 0,
      message:
        'Insufficient balance. Your balance ($0.05) must be above the cost per section for this model ($0.05). Please add funds to continue.',
    });
    expect(balanceGate(true, 0.02, 0.05).message).toBe(
      'Insufficient balance. Your balance ($0.02) is below the cost per section for this model ($0.05). Please add funds to continue.',
    );
    expect(balanceGate(true, 0.01, undefined)).toMatchObject({
      allowed: false,
      costPerSection: 0.05,
      message: GENERIC_INSUFFICIENT_BALANCE,
    });
    expect(balanceGate(true, 0.9, 0.05).sectionsCovered).toBe(17);
  });

  it('never limits with billing off or before the balance is known', () => {
    expect(balanceGate(false, 0, 0.05).allowed).toBe(true);
    expect(balanceGate(true, null, 0.05).allowed).toBe(true);
  });
});

describe('neededAmount', () => {
  it('is the smallest top-up in cents after which the balance is above the required amount', () => {
    expect(neededAmount(0.02, 0.05)).toBe(0.04);
    expect(neededAmount(0.05, 0.05)).toBe(0.01);
    expect(neededAmount(0.07, 0.05)).toBe(0);
    expect(neededAmount(0.1, 0.3)).toBe(0.21);
  });
});
