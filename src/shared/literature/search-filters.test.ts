import { describe, expect, it } from 'vitest';
import {
  defaultSearchFilters,
  enabledDocumentTypes,
  validateEndYear,
  validateJif,
  validateMinCitations,
  validateSearchFilters,
  validateStartYear,
  yearBounds,
} from './search-filters';

const now = new Date('2026-06-01T00:00:00Z');

describe('search filter validation (spec 002 §5)', () => {
  it.each([
    [1990, null],
    [2026, null],
    ['2000', null],
    [1989, 'Invalid start year: 1989'],
    [2027, 'Invalid start year: 2027'],
    [2000.5, 'Invalid start year: 2000.5'],
    ['abc', 'Invalid start year: abc'],
    [null, 'Invalid start year: null'],
  ])('start year %s → %s', (value, message) => {
    expect(validateStartYear(value, now)).toBe(message);
  });

  it('names the end year', () => {
    expect(validateEndYear(3000, now)).toBe('Invalid end year: 3000');
  });

  it.each([
    [0, null],
    [1000, null],
    [-1, 'Invalid citation count: -1'],
    [1001, 'Invalid citation count: 1001'],
    [2.5, 'Invalid citation count: 2.5'],
  ])('citations %s → %s', (value, message) => {
    expect(validateMinCitations(value)).toBe(message);
  });

  it.each([
    [0, null],
    [200, null],
    [12.3, null],
    [200.1, 'Invalid JIF value: 200.1'],
    [-0.1, 'Invalid JIF value: -0.1'],
  ])('JIF %s → %s', (value, message) => {
    expect(validateJif(value)).toBe(message);
  });

  it('checks JIF only when the filter is enabled', () => {
    const filters = { ...defaultSearchFilters(now), jifFilter: { enabled: false, minValue: 999 } };
    expect(validateSearchFilters(filters, now)).toBeNull();
    filters.jifFilter.enabled = true;
    expect(validateSearchFilters(filters, now)).toBe('Invalid JIF value: 999');
  });

  it('has the defaults of spec 002 §9', () => {
    expect(defaultSearchFilters(now)).toEqual({
      includeText: '',
      excludeText: '',
      yearRange: [1990, 2026],
      includeUndated: true,
      minCitations: 0,
      documentTypes: { article: true, preprint: false, wikipedia: false, rmv: false, web: false },
      jifFilter: { enabled: false, minValue: 0 },
    });
  });

  it('opens a range starting at the floor to earlier works and keeps undated works by default', () => {
    expect(yearBounds(1990, 2026)).toEqual({
      yearStart: null,
      yearEnd: 2026,
      includeUndated: true,
    });
    expect(yearBounds(2001, 2020, false)).toEqual({
      yearStart: 2001,
      yearEnd: 2020,
      includeUndated: false,
    });
    expect(yearBounds(null, null)).toEqual({
      yearStart: null,
      yearEnd: null,
      includeUndated: true,
    });
  });

  it('lists enabled document types', () => {
    expect(enabledDocumentTypes({ article: true, web: true, preprint: false })).toEqual([
      'article',
      'web',
    ]);
    expect(enabledDocumentTypes(undefined)).toEqual([]);
  });
});
