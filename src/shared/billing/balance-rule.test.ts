import { describe, expect, it } from 'vitest';
import {
  balanceCovers,
  insufficientBalanceMessage,
  neededMicros,
  sectionsCovered,
} from './balance-rule';

describe('the balance rule', () => {
  it('lets a balance pay a section only when it is above the cost', () => {
    expect(balanceCovers(60_000, 50_000)).toBe(true);
    expect(balanceCovers(50_000, 50_000)).toBe(false);
    expect(balanceCovers(40_000, 50_000)).toBe(false);
  });

  it('needs the smallest whole-cent top-up after which the balance is above the cost', () => {
    expect(neededMicros(50_000, 50_000)).toBe(10_000);
    expect(neededMicros(20_000, 50_000)).toBe(40_000);
    expect(neededMicros(1_000_000, 2_000_000)).toBe(1_010_000);
    expect(neededMicros(45_500, 50_000)).toBe(10_000);
    expect(neededMicros(70_000, 50_000)).toBe(0);
    // After the top-up the balance is covered, and a cent less would not be.
    for (const [balance, cost] of [
      [0, 50_000],
      [33_333, 50_000],
      [50_000, 15_000],
    ] as const) {
      const needed = neededMicros(balance, cost);
      expect(balanceCovers(balance + needed, cost)).toBe(true);
      if (needed > 0) expect(balanceCovers(balance + needed - 10_000, cost)).toBe(false);
    }
  });

  it('counts the sections a balance pays for one after another', () => {
    expect(sectionsCovered(900_000, 50_000)).toBe(17);
    expect(sectionsCovered(50_000, 50_000)).toBe(0);
    expect(sectionsCovered(50_001, 50_000)).toBe(1);
    expect(sectionsCovered(0, 50_000)).toBe(0);
    expect(sectionsCovered(0, 0)).toBe(Number.POSITIVE_INFINITY);
  });

  it("says 'below' only when the balance is below the cost", () => {
    expect(insufficientBalanceMessage(20_000, 50_000)).toBe(
      'Insufficient balance. Your balance ($0.02) is below the cost per section for this model ($0.05). Please add funds to continue.',
    );
    expect(insufficientBalanceMessage(50_000, 50_000)).toBe(
      'Insufficient balance. Your balance ($0.05) must be above the cost per section for this model ($0.05). Please add funds to continue.',
    );
  });
});
