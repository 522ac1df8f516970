import { describe, expect, it } from 'vitest';
import { emptyWork, type Work } from '../../shared/citations/work';
import {
  authorsAndYear,
  formatCertainty,
  publishedDate,
  safeHttpUrl,
  volumeIssuePages,
  workTypeLabel,
} from './work-display';

function work(fields: Partial<Work>): Work {
  return {
    ...emptyWork({ refId: 'ref_abc12345', id: 'ref_abc12345', title: 'Sleep and memory' }),
    ...fields,
  };
}

describe('workTypeLabel', () => {
  it.each([
    ['journal-article', 'Journal article'],
    ['posted-content', 'Preprint'],
    ['dissertation', 'Dissertation'],
    ['some_new-type', 'Some new type'],
    ['', 'Other'],
  ])('%s → %s', (type, label) => expect(workTypeLabel(type)).toBe(label));
});

describe('authorsAndYear', () => {
  it('uses the in-text label', () => {
    expect(
      authorsAndYear(work({ authors: ['Lee, Ann', 'Park, Jin', 'Kim, Bo'], published_year: 2019 })),
    ).toBe('Lee et al., 2019');
  });

  it('shows only the year when there are no authors', () => {
    expect(authorsAndYear(work({ published_year: 2019 }))).toBe('2019');
    expect(authorsAndYear(work({}))).toBe('n.d.');
  });
});

describe('publishedDate', () => {
  it('shows the parts that are known', () => {
    expect(
      publishedDate(work({ published_year: 2020, published_month: 3, published_day: 15 })),
    ).toBe('15 March 2020');
    expect(publishedDate(work({ published_year: 2020, published_month: 3 }))).toBe('March 2020');
    expect(publishedDate(work({ published_year: 2020, published_month: 13 }))).toBe('2020');
    expect(publishedDate(work({ published_month: 3 }))).toBeNull();
  });
});

describe('volumeIssuePages', () => {
  it('joins the known parts', () => {
    expect(volumeIssuePages(work({ volume: '12', issue: '3', page: '45-67' }))).toBe(
      'Vol. 12, No. 3, pp. 45-67',
    );
    expect(volumeIssuePages(work({ page: 'e1002' }))).toBe('p. e1002');
    expect(volumeIssuePages(work({}))).toBeNull();
  });
});

describe('formatCertainty', () => {
  it('rounds to a whole percent', () => {
    expect(formatCertainty(0.456)).toBe('46%');
  });
});

describe('safeHttpUrl', () => {
  it('keeps web addresses only', () => {
    expect(safeHttpUrl('https://arxiv.org/abs/1706.03762')).toBe(
      'https://arxiv.org/abs/1706.03762',
    );
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('not a url')).toBeNull();
    expect(safeHttpUrl(null)).toBeNull();
  });
});
