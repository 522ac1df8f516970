import { describe, expect, it } from 'vitest';
import { defaultSearchFilters } from '../../../shared/literature/search-filters';
import { canSearch, searchRequest } from './search-request';

const filters = defaultSearchFilters(new Date('2026-06-01T00:00:00Z'));

describe('canSearch', () => {
  it('needs a query or include text', () => {
    expect(canSearch('', filters)).toBe(false);
    expect(canSearch('   ', { ...filters, excludeText: 'mice' })).toBe(false);
    expect(canSearch('sleep', filters)).toBe(true);
    expect(canSearch('', { ...filters, includeText: 'sleep' })).toBe(true);
  });
});

describe('searchRequest', () => {
  it('maps the filters onto the documented body without the JIF filter', () => {
    const body = searchRequest(
      '  sleep memory ',
      {
        ...filters,
        includeText: 'hippocampus',
        excludeText: 'mice',
        yearRange: [2000, 2020],
        minCitations: 5,
        jifFilter: { enabled: true, minValue: 3 },
      },
      'paper-1',
    );
    expect(body).toEqual({
      n: 100,
      paperId: 'paper-1',
      q: 'sleep memory',
      includeText: 'hippocampus',
      excludeText: 'mice',
      yearStart: 2000,
      yearEnd: 2020,
      includeUndated: true,
      minCitations: 5,
      documentTypes: { article: true, preprint: false, wikipedia: false, rmv: false, web: false },
    });
  });

  it('leaves paperId out when no paper is open', () => {
    expect(searchRequest('sleep', filters, null)).not.toHaveProperty('paperId');
  });
});
