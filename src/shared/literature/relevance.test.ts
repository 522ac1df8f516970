import { describe, expect, it } from 'vitest';
import { strongResultCount } from './relevance';

describe('strongResultCount', () => {
  it('draws the line at the first result far below the best one', () => {
    // 'diffusion MRI newborn white matter': the last matches only 'matter'.
    expect(strongResultCount([12, 9.5, 6, 4, 2.1])).toBe(4);
  });

  it('keeps every result when all score alike, none score, or there are none', () => {
    expect(strongResultCount([5, 4, 4, 3])).toBe(4);
    expect(strongResultCount([0, 0])).toBe(2);
    expect(strongResultCount([])).toBe(0);
  });
});
