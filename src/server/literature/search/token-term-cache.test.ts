import { describe, expect, it } from 'vitest';
import { NOT_CACHED, TokenTermCache } from './token-term-cache';

describe('TokenTermCache', () => {
  it('finds tokens by their range in a larger text', () => {
    const cache = new TokenTermCache();
    expect(cache.lookup('xx gene yy', 3, 7)).toBe(NOT_CACHED);
    cache.insertMissed('gene', 42);
    expect(cache.lookup('gene', 0, 4)).toBe(42);
    expect(cache.lookup('a gene!', 2, 6)).toBe(42);
    expect(cache.lookup('genes', 0, 5)).toBe(NOT_CACHED);
  });

  it('keeps many entries apart through growth and rehashing', () => {
    const cache = new TokenTermCache();
    let misses = 0;
    for (let i = 0; i < 100_000; i++) {
      const token = `t${i}`;
      if (cache.lookup(token, 0, token.length) === NOT_CACHED) misses += 1;
      cache.insertMissed(token, i);
    }
    expect(misses).toBe(100_000);
    const wrong = [];
    for (let i = 0; i < 100_000; i++) {
      if (cache.lookup(`t${i}`, 0, `t${i}`.length) !== i) wrong.push(i);
    }
    expect(wrong).toEqual([]);
  });

  it('starts over instead of growing past its limit', () => {
    const cache = new TokenTermCache(10);
    for (let i = 0; i < 25; i++) {
      cache.lookup(`w${i}`, 0, `w${i}`.length);
      cache.insertMissed(`w${i}`, i);
    }
    expect(cache.size).toBeLessThanOrEqual(10);
    expect(cache.lookup('w24', 0, 3)).toBe(24);
  });
});
