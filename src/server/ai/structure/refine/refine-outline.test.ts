import { describe, expect, it } from 'vitest';
import { emptyWork } from '../../../../shared/citations/work';
import { outlineRefIds, refineOutline, sentHeadings } from './refine-outline';

const stored = new Map([
  [
    'ref_aaaaaaaa',
    { ...emptyWork({ refId: 'ref_aaaaaaaa', id: 'a', title: 'Stored A' }), published_year: 2020 },
  ],
]);

describe('refineOutline', () => {
  it('takes the tree’s headings in either shape, keeps only stored works and marks ##### as kept', () => {
    const headings = sentHeadings(
      [
        {
          level: 2,
          title: ' Introduction ',
          purpose: 'Why.',
          works: [{ refId: 'ref_aaaaaaaa' }, { refId: 'ref_unknown1' }],
        },
        { sectionLevel: 3, sectionTitle: 'Background', references: ['ref_aaaaaaaa'] },
        { level: 5, title: 'Detail' },
        { level: 1, title: 'The paper' },
        { level: 2, title: '  ' },
        { level: 6, title: 'Too deep' },
      ],
      'ignored when sections are sent',
    );
    expect(outlineRefIds(headings)).toEqual(['ref_aaaaaaaa', 'ref_unknown1']);
    const outline = refineOutline(headings, stored);
    expect(outline.map((s) => [s.level, s.title, s.refinable])).toEqual([
      [2, 'Introduction', true],
      [3, 'Background', true],
      [5, 'Detail', false],
      [5, 'Too deep', false],
    ]);
    expect(outline[0]?.works).toEqual([
      { refId: 'ref_aaaaaaaa', title: 'Stored A', authors: [], year: 2020 },
    ]);
    expect(outline[0]?.purpose).toBe('Why.');
  });

  it('reads the headings of the content when no sections are sent', () => {
    const headings = sentHeadings(
      null,
      '# Title\n\n## Methods\n\nText [ref_aaaaaaaa].\n\n### Data',
    );
    const outline = refineOutline(headings, stored);
    expect(outline.map((s) => [s.level, s.title, s.works.length])).toEqual([
      [2, 'Methods', 1],
      [3, 'Data', 0],
    ]);
  });
});
