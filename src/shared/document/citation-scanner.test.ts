import { describe, expect, it } from 'vitest';
import { CitationScanner, type CitationScanState } from './citation-scanner';

function scan(afterBracket: string): { states: CitationScanState[]; refIds: string[] } {
  const scanner = new CitationScanner();
  const states = [...afterBracket].map((char) => scanner.feed(char.charCodeAt(0)));
  return { states, refIds: scanner.refIds };
}

describe('CitationScanner', () => {
  it('stays open through a bracket that fits the grammar, with any whitespace and length', () => {
    const long = `${' '.repeat(1000)}ref_a\r\n,\tref_B2\n`;
    expect(scan(long).states.every((state) => state === 'open')).toBe(true);
    expect(scan(`${long}]`)).toMatchObject({ refIds: ['ref_a', 'ref_B2'] });
    expect(scan(`${long}]`).states.at(-1)).toBe('complete');
  });

  it('rejects at the first character that cannot belong to a citation, and stays decided', () => {
    expect(scan('[ref_a]').states).toEqual(['rejected', ...Array<string>(6).fill('rejected')]);
    expect(scan('ref_]').states.at(-1)).toBe('rejected');
    expect(scan('ref_a;]').states.at(-1)).toBe('rejected');
    expect(scan('ref_a b]').states.at(-2)).toBe('rejected');
    expect(scan('ref_a]x').states).toEqual([
      ...Array<string>(5).fill('open'),
      'complete',
      'complete',
    ]);
  });
});
