import { describe, expect, it } from 'vitest';
import {
  bibliographyLines,
  buildBibliography,
  buildNumberedBibliography,
  missingReferenceText,
} from './bibliography';

describe('buildBibliography', () => {
  it('sorts alphabetically, ignoring case, accents and leading punctuation', () => {
    const entries = buildBibliography([
      { refId: 'ref_aaaaaaa1', reference: 'Zhang, L. (2020). Zeta.' },
      { refId: 'ref_aaaaaaa2', reference: '“Quoted” title first. (2019).' },
      { refId: 'ref_aaaaaaa3', reference: 'van Beethoven, L. (1810). Für Elise.' },
      { refId: 'ref_aaaaaaa4', reference: 'Álvarez, M. (2018). Alpha.' },
      { refId: 'ref_aaaaaaa5', reference: 'adams, D. (1979). Hitchhiker.' },
      { refId: 'ref_aaaaaaa6', reference: 'Baker, T. (2021). Beta.' },
    ]);
    expect(entries.map((entry) => entry.text.slice(0, 5))).toEqual([
      'adams',
      'Álvar',
      'Baker',
      '“Quot',
      'van B',
      'Zhang',
    ]);
  });

  it('orders numbers by value, not by character', () => {
    const entries = buildBibliography([
      { refId: 'ref_aaaaaaa1', reference: 'Smith, J. (2020). Part 10.' },
      { refId: 'ref_aaaaaaa2', reference: 'Smith, J. (2020). Part 9.' },
    ]);
    expect(entries.map((entry) => entry.text)).toEqual([
      'Smith, J. (2020). Part 9.',
      'Smith, J. (2020). Part 10.',
    ]);
  });

  it('merges identical texts under the first refId given', () => {
    const entries = buildBibliography([
      { refId: 'ref_second22', reference: 'Lee, A. (2019). Same.' },
      { refId: 'ref_first111', reference: 'Lee, A.  (2019).\nSame. ' },
      { refId: 'ref_other333', reference: 'Kim, B. (2019). Other.' },
    ]);
    expect(entries).toEqual([
      { xrefId: 'xref_other333', refIds: ['ref_other333'], text: 'Kim, B. (2019). Other.' },
      {
        xrefId: 'xref_second22',
        refIds: ['ref_second22', 'ref_first111'],
        text: 'Lee, A. (2019). Same.',
      },
    ]);
  });

  it('lists a work cited twice once and leaves out blank references', () => {
    const entries = buildBibliography([
      { refId: 'ref_aaaaaaa1', reference: 'Lee, A. (2019). Same.' },
      { refId: 'ref_aaaaaaa1', reference: 'Lee, A. (2019). Same.' },
      { refId: 'ref_aaaaaaa2', reference: '   ' },
    ]);
    expect(entries).toHaveLength(1);
  });

  it('is a total order: input order does not change the output', () => {
    const sources = [
      { refId: 'ref_aaaaaaa1', reference: 'Smith, J. (2020).' },
      { refId: 'ref_aaaaaaa2', reference: 'smith, J. (2020).' },
      { refId: 'ref_aaaaaaa3', reference: 'Smith, J. (2020)' },
    ];
    expect(buildBibliography([...sources].reverse())).toEqual(buildBibliography(sources));
  });

  it('writes markdown lines [xref_<id>] text', () => {
    const lines = bibliographyLines(
      buildBibliography([{ refId: 'ref_abc12345', reference: 'Lee, A. (2019). Same.' }]),
    );
    expect(lines).toEqual(['[xref_abc12345] Lee, A. (2019). Same.']);
  });

  it('rejects a malformed refId', () => {
    expect(() => buildBibliography([{ refId: 'abc', reference: 'x' }])).toThrow(
      'Not a reference id: "abc"',
    );
  });

  it('names a missing entry as the editor shows it', () => {
    expect(missingReferenceText('xref_abc12345')).toBe('[Missing reference: xref_abc12345]');
  });

  it("numbers a numeric style's list in citation order, merging identical texts", () => {
    const entries = buildNumberedBibliography(
      [
        { refId: 'ref_zzzzzzzz', reference: 'Zeta, Z. Last alphabetically.' },
        { refId: 'ref_aaaaaaaa', reference: 'Alpha, A. First alphabetically.' },
        { refId: 'ref_bbbbbbbb', reference: 'Zeta, Z.  Last alphabetically.' },
      ],
      (number) => `[${number}]`,
    );
    expect(entries).toEqual([
      {
        xrefId: 'xref_zzzzzzzz',
        refIds: ['ref_zzzzzzzz', 'ref_bbbbbbbb'],
        text: '[1] Zeta, Z. Last alphabetically.',
      },
      {
        xrefId: 'xref_aaaaaaaa',
        refIds: ['ref_aaaaaaaa'],
        text: '[2] Alpha, A. First alphabetically.',
      },
    ]);
  });
});
