import { describe, expect, it } from 'vitest';
import { decodeInvertedAbstract } from './openalex-abstract';

describe('decodeInvertedAbstract', () => {
  it('puts every word back at each of its positions', () => {
    const index = { the: [0, 3], cat: [1], saw: [2], dog: [4] };
    expect(decodeInvertedAbstract(index)).toBe('the cat saw the dog');
  });

  it('closes gaps left by missing positions', () => {
    expect(decodeInvertedAbstract({ first: [0], last: [5] })).toBe('first last');
  });

  it.each([null, undefined, [], 'text', {}, { word: 'not positions' }, { word: [-1, 1.5] }])(
    'returns null for %j',
    (value) => {
      expect(decodeInvertedAbstract(value)).toBeNull();
    },
  );

  it('ignores absurd positions instead of allocating for them', () => {
    expect(decodeInvertedAbstract({ ok: [0], huge: [1e12] })).toBe('ok');
  });
});
