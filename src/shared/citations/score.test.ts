import { describe, expect, it } from 'vitest';
import {
  assessCertainty,
  formatSimilarityScore,
  LOW_CERTAINTY_WARNING,
  MISSING_SCORE,
} from './score';

describe('formatSimilarityScore (spec 000 §5)', () => {
  it.each([
    [0.873, '87.3%'],
    [0.8734, '87.3%'],
    [0.8725, '87.3%'],
    [0.87249, '87.2%'],
    [1, '100.0%'],
    [1.0, '100.0%'],
    [0, '0.0%'],
    [0.0004, '0.0%'],
    [0.5, '50.0%'],
    [1.0001, '1.000'],
    [1.0005, '1.001'],
    [1.5, '1.500'],
    [12.34567, '12.346'],
    [250, '250.000'],
  ])('%d → %j', (score, expected) => {
    expect(formatSimilarityScore(score)).toBe(expected);
  });

  it.each([[null], [undefined], [Number.NaN], [Number.POSITIVE_INFINITY]])(
    'shows a dash for %j',
    (score) => {
      expect(formatSimilarityScore(score)).toBe(MISSING_SCORE);
    },
  );
});

describe('assessCertainty (spec 000 §5)', () => {
  it('uses the exact warning text', () => {
    expect(LOW_CERTAINTY_WARNING).toBe(
      'Warning: This citation may not support the claim based on the abstract content',
    );
  });

  it.each([
    [0, true],
    [0.3, true],
    [0.5, true],
    [0.5000001, false],
    [0.51, false],
    [0.9, false],
    [1, false],
  ])('certainty %d warns: %s', (certainty, warning) => {
    expect(assessCertainty(certainty)).toEqual({
      warning,
      message: warning ? LOW_CERTAINTY_WARNING : null,
    });
  });

  it.each([[null], [undefined], [Number.NaN]])('does not warn for an unknown certainty %j', (c) => {
    expect(assessCertainty(c)).toEqual({ warning: false, message: null });
  });
});
