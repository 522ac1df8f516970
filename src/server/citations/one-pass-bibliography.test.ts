import { describe, expect, it } from 'vitest';
import { CITATION_STYLES } from '../../shared/citations/citation-styles';
import { longPaper } from '../export/testing/long-paper';
import { lecun } from '../export/testing/fixture-paper';
import { formatReferencesInStyle } from './citation-style-registry';
import { formatReferences } from './format-apa';
import { bookChapter, journalArticle, makeWork } from './test-fixtures';

// Many works by the same few surnames in the same years: what a whole list would disambiguate
// ('2019a', added initials, '———' for a repeated author) if it were rendered as one list.
const WORKS = [
  ...longPaper(30).works,
  lecun,
  journalArticle,
  bookChapter,
  makeWork({ refId: 'ref_same0001', title: 'Zeta', authors: ['Ann Lee'], published_year: 2019 }),
  makeWork({ refId: 'ref_same0002', title: 'Alpha', authors: ['Ann Lee'], published_year: 2019 }),
  makeWork({ refId: 'ref_same0003', title: 'Beta', authors: ['Bo Lee'], published_year: 2019 }),
];

describe('a reference list rendered in one citeproc pass', () => {
  it.each(CITATION_STYLES.map((style) => style.id))(
    'gives %s entries that read as each work rendered alone, in input order',
    (styleId) => {
      const list = formatReferencesInStyle(WORKS, styleId);
      const alone = WORKS.map((work) => formatReferencesInStyle([work], styleId)[0]);
      expect(list).toEqual(alone);
    },
    // Building a style's citeproc engine takes seconds on a loaded machine.
    60_000,
  );

  it('answers a work listed twice twice, and an empty list with nothing', () => {
    const [first, second] = formatReferences([lecun, lecun]);
    expect(first).toBe(second);
    expect(first).toMatch(/^LeCun, Y\./);
    expect(formatReferences([])).toEqual([]);
  });

  it('drops the list number of numeric styles in HTML too', () => {
    const [entry] = formatReferences([lecun], { style: 'vancouver', format: 'html' });
    expect(entry).not.toContain('csl-left-margin');
    expect(entry).toContain('LeCun Y');
  });
});
