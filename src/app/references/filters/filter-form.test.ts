import { describe, expect, it } from 'vitest';
import { defaultSearchFilters } from '../../../shared/literature/search-filters';
import { filtersFromForm, formFromFilters, sliderPosition, type FilterForm } from './filter-form';

const now = new Date('2026-06-01T00:00:00Z');
const defaults = defaultSearchFilters(now);

function form(changes: Partial<FilterForm>): FilterForm {
  return { ...formFromFilters(defaults), ...changes };
}

describe('filtersFromForm', () => {
  it('gives back the filters a form was made from', () => {
    expect(filtersFromForm(formFromFilters(defaults), now)).toEqual({
      ok: true,
      filters: defaults,
    });
  });

  it.each<[Partial<FilterForm>, string]>([
    [{ startYear: '1989' }, 'Invalid start year: 1989'],
    [{ startYear: '19x0' }, 'Invalid start year: 19x0'],
    [{ startYear: '' }, 'Invalid start year: '],
    [{ endYear: '2027' }, 'Invalid end year: 2027'],
    [{ endYear: '2000.5' }, 'Invalid end year: 2000.5'],
    [{ minCitations: '1001' }, 'Invalid citation count: 1001'],
    [{ minCitations: '-1' }, 'Invalid citation count: -1'],
    [{ minCitations: '2.5' }, 'Invalid citation count: 2.5'],
    [{ jifEnabled: true, jifValue: '200.1' }, 'Invalid JIF value: 200.1'],
    [{ jifEnabled: true, jifValue: 'high' }, 'Invalid JIF value: high'],
  ])('rejects %o with the spec message', (changes, message) => {
    expect(filtersFromForm(form(changes), now)).toEqual({ ok: false, message });
  });

  it('reports the first problem in the dialog order', () => {
    const result = filtersFromForm(form({ endYear: 'x', minCitations: 'y', startYear: 'z' }), now);
    expect(result).toEqual({ ok: false, message: 'Invalid start year: z' });
  });

  it('ignores the JIF value while its filter is off, storing the default instead', () => {
    const result = filtersFromForm(form({ jifEnabled: false, jifValue: 'high' }), now);
    expect(result).toEqual({ ok: true, filters: defaults });
  });

  it('keeps a valid JIF value while the filter is off, for switching it back on', () => {
    const result = filtersFromForm(form({ jifValue: '12.5' }), now);
    expect(result.ok && result.filters.jifFilter).toEqual({ enabled: false, minValue: 12.5 });
  });

  it('reads every field', () => {
    const result = filtersFromForm(
      {
        includeText: '  sleep ',
        excludeText: 'mice',
        startYear: '2001',
        endYear: '2020',
        includeUndated: false,
        minCitations: '15',
        documentTypes: { article: true, preprint: true, wikipedia: false, rmv: false, web: true },
        jifEnabled: true,
        jifValue: '3.5',
      },
      now,
    );
    expect(result).toEqual({
      ok: true,
      filters: {
        includeText: 'sleep',
        excludeText: 'mice',
        yearRange: [2001, 2020],
        includeUndated: false,
        minCitations: 15,
        documentTypes: { article: true, preprint: true, wikipedia: false, rmv: false, web: true },
        jifFilter: { enabled: true, minValue: 3.5 },
      },
    });
  });

  it('orders years typed the wrong way round', () => {
    const result = filtersFromForm(form({ startYear: '2020', endYear: '2001' }), now);
    expect(result.ok && result.filters.yearRange).toEqual([2001, 2020]);
  });
});

describe('sliderPosition', () => {
  it.each([
    ['25', 25],
    ['-4', 0],
    ['75', 50],
    ['', 7],
    ['abc', 7],
  ])('%s → %d', (text, position) => {
    expect(sliderPosition(text, 0, 50, 7)).toBe(position);
  });
});
