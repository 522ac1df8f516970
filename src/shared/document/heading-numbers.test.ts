import { describe, expect, it } from 'vitest';
import { headingNumbers, numberHeadings } from './heading-numbers';
import { parseMarkdown } from './schema';

describe('heading numbers', () => {
  it('numbers levels 2-6 with dots and resets at level 1', () => {
    expect(numberHeadings([1, 2, 3, 3, 2, 3, 4, 5, 6, 1, 2])).toEqual([
      '',
      '1',
      '1.1',
      '1.2',
      '2',
      '2.1',
      '2.1.1',
      '2.1.1.1',
      '2.1.1.1.1',
      '',
      '1',
    ]);
  });

  it('numbers skipped levels by the outline, never with zeros', () => {
    expect(numberHeadings([2, 3, 6, 6, 4, 3, 2, 5, 4, 3])).toEqual([
      '1',
      '1.1',
      '1.1.1',
      '1.1.2',
      '1.1.3',
      '1.2',
      '2',
      '2.1',
      '2.2',
      '2.3',
    ]);
    // A paper that starts below level 2 still starts at 1.
    expect(numberHeadings([4, 4, 2, 3])).toEqual(['1', '2', '3', '3.1']);
  });

  it('gives positions of top-level headings for editor decorations', () => {
    const doc = parseMarkdown('# T\n\n## A\n\n> ## quoted\n\n### B');
    const numbers = headingNumbers(doc);
    expect(numbers.map(({ level, number }) => [level, number])).toEqual([
      [1, ''],
      [2, '1'],
      [3, '1.1'],
    ]);
    expect(numbers.every(({ pos }) => doc.nodeAt(pos)?.type.name === 'numberedHeading')).toBe(true);
  });
});
