import { describe, expect, it } from 'vitest';
import { sectionContext } from './section-context';

const paper = { title: 'T', type: 'scientific', field: '', description: '', methodology: '' };
const text = [
  '# Methods',
  '## Acquisition',
  'Scans.',
  '# Results',
  '## Tract statistics',
  'FA.',
].join('\n\n');

describe('sectionContext', () => {
  it('places a repeated section number by its index', () => {
    const context = sectionContext(
      paper,
      text,
      { sectionNumber: '1', sectionIndex: 3 },
      'Tract statistics',
      'FA.',
    );
    expect(context.index).toBe(3);
    expect(context.headingPath).toEqual(['Results', 'Tract statistics']);
  });

  it('takes the first section of the number without an index, none for a wrong index', () => {
    expect(sectionContext(paper, text, { sectionNumber: '1' }, 'Acquisition', '').index).toBe(1);
    const wrong = sectionContext(paper, text, { sectionNumber: '1', sectionIndex: 2 }, 'X', '');
    expect(wrong.index).toBe(-1);
    expect(wrong.headingPath).toEqual(['X']);
  });
});
