import { describe, expect, it } from 'vitest';
import {
  coverageWarning,
  estimatedCost,
  inSequence,
  writable,
  writingOutline,
} from './writing-outline';

const PAPER = [
  '# Title',
  '## Introduction',
  'Notes.',
  '## Background',
  '### Prior work',
  'Notes.',
  '## Results',
].join('\n\n');

describe('writingOutline', () => {
  it('lists the numbered sections with their index; a heading whose contents are its subsections is empty', () => {
    expect(writingOutline(PAPER)).toEqual([
      {
        sectionIndex: 1,
        sectionNumber: '1',
        sectionTitle: 'Introduction',
        sectionLevel: 2,
        empty: false,
        referenceList: false,
      },
      {
        sectionIndex: 2,
        sectionNumber: '2',
        sectionTitle: 'Background',
        sectionLevel: 2,
        empty: true,
        referenceList: false,
      },
      {
        sectionIndex: 3,
        sectionNumber: '2.1',
        sectionTitle: 'Prior work',
        sectionLevel: 3,
        empty: false,
        referenceList: false,
      },
      // A last heading without text is written from its heading alone.
      {
        sectionIndex: 4,
        sectionNumber: '3',
        sectionTitle: 'Results',
        sectionLevel: 2,
        empty: false,
        referenceList: false,
      },
    ]);
  });
});

describe('the reference list in the outline', () => {
  it('is listed but never writable, by its entries or by its title', () => {
    const rows = writingOutline(
      [
        '# Title',
        '## Results',
        'Open access articles are cited more [ref_abcd1234].',
        '## References',
        '[xref_abcd1234] Tang, J. (2016). A study.',
        '## Bibliography',
      ].join('\n\n'),
    );
    expect(rows.map((row) => [row.sectionTitle, row.referenceList, writable(row)])).toEqual([
      ['Results', false, true],
      ['References', true, false],
      ['Bibliography', true, false],
    ]);
  });
});

describe('inSequence', () => {
  it('orders rows as the sequence names them and keeps the rest at the end', () => {
    const rows = [1, 2, 3, 4].map((sectionIndex) => ({ sectionIndex }));
    expect(
      inSequence(rows, [{ sectionIndex: 3 }, { sectionIndex: 1 }, { sectionIndex: 9 }, {}]),
    ).toEqual([{ sectionIndex: 3 }, { sectionIndex: 1 }, { sectionIndex: 2 }, { sectionIndex: 4 }]);
  });
});

describe('estimatedCost', () => {
  it('is the selected sections times the cost per section, with 2 decimals', () => {
    expect(estimatedCost(4, 0.02)).toBe('$0.08');
    expect(estimatedCost(3, 0.05)).toBe('$0.15');
    expect(estimatedCost(0, 0.05)).toBe('$0.00');
  });
});

describe('coverageWarning', () => {
  it('says how many of the selected sections the balance pays for', () => {
    expect(coverageWarning(29, 17, '$0.90')).toBe(
      'Your balance ($0.90) covers 17 of the 29 selected sections: the other 12 would not be written. Add funds or select fewer sections.',
    );
    expect(coverageWarning(3, 17, '$0.90')).toBeNull();
    expect(coverageWarning(3, Number.POSITIVE_INFINITY, '$0.90')).toBeNull();
    // Nothing paid at all is the gate's message, not this one.
    expect(coverageWarning(3, 0, '$0.05')).toBeNull();
  });
});
