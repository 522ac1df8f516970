import { describe, expect, it } from 'vitest';
import { estimatedCost, inSequence, writingOutline } from './writing-outline';

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
      },
      {
        sectionIndex: 2,
        sectionNumber: '2',
        sectionTitle: 'Background',
        sectionLevel: 2,
        empty: true,
      },
      {
        sectionIndex: 3,
        sectionNumber: '2.1',
        sectionTitle: 'Prior work',
        sectionLevel: 3,
        empty: false,
      },
      // A last heading without text is written from its heading alone.
      {
        sectionIndex: 4,
        sectionNumber: '3',
        sectionTitle: 'Results',
        sectionLevel: 2,
        empty: false,
      },
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
