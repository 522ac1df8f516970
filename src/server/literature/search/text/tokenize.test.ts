import { describe, expect, it } from 'vitest';
import { MAX_TOKEN_LENGTH, tokenize, tokenizeRanges } from './tokenize';

function tokens(text: string): string[] {
  const out: string[] = [];
  tokenize(text, (token) => out.push(token));
  return out;
}

describe('tokenize', () => {
  it('splits on everything but letters and digits', () => {
    expect(tokens('state-of-the-art x/y {a}^b_c')).toEqual([
      'state',
      'of',
      'the',
      'art',
      'x',
      'y',
      'a',
      'b',
      'c',
    ]);
  });

  it('returns the number of positions used', () => {
    expect(tokenize('one two  three', () => undefined)).toBe(3);
    expect(tokenize('', () => undefined)).toBe(0);
  });

  it('reports ranges of the input for plain tokens', () => {
    const ranges: [number, number][] = [];
    tokenizeRanges('ab cd', (text, start, end) => {
      expect(text).toBe('ab cd');
      ranges.push([start, end]);
    });
    expect(ranges).toEqual([
      [0, 2],
      [3, 5],
    ]);
  });

  it('cuts overlong tokens', () => {
    expect(tokens('a'.repeat(200))).toEqual(['a'.repeat(MAX_TOKEN_LENGTH)]);
  });

  it('handles characters outside the basic plane', () => {
    expect(tokens('𝑥 value 🧬 gene')).toEqual(['𝑥', 'value', 'gene']);
  });
});
