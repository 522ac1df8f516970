/**
 * The search filters of spec 002 §3 and their validation (§5), shared by the Search Filters
 * dialog and the server so both give the same messages.
 */
export const DOCUMENT_TYPES = ['article', 'preprint', 'wikipedia', 'rmv', 'web'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export type DocumentTypes = Record<DocumentType, boolean>;

export const YEAR_FLOOR = 1990;
export const MAX_MIN_CITATIONS = 1000;
export const MAX_JIF = 200;
export const JIF_SLIDER_MAX = 50;
export const DEFAULT_RESULT_COUNT = 100;

export interface SearchFilters {
  includeText: string;
  excludeText: string;
  yearRange: [number, number];
  /**
   * Whether works without a known year (a BEIR import, many BibTeX entries, grey literature)
   * pass the year range. On by default, so every stored work can be found.
   */
  includeUndated: boolean;
  minCitations: number;
  documentTypes: DocumentTypes;
  jifFilter: { enabled: boolean; minValue: number };
}

export function currentYear(now: Date = new Date()): number {
  return now.getFullYear();
}

/** Spec 002 §9: years 1990 to now, citations 0, only articles, JIF off at 0. */
export function defaultSearchFilters(now: Date = new Date()): SearchFilters {
  return {
    includeText: '',
    excludeText: '',
    yearRange: [YEAR_FLOOR, currentYear(now)],
    includeUndated: true,
    minCitations: 0,
    documentTypes: { article: true, preprint: false, wikipedia: false, rmv: false, web: false },
    jifFilter: { enabled: false, minValue: 0 },
  };
}

const isInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value);

function asNumber(value: unknown): unknown {
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return value;
}

export function validateStartYear(value: unknown, now?: Date): string | null {
  const year = asNumber(value);
  return isInteger(year) && year >= YEAR_FLOOR && year <= currentYear(now)
    ? null
    : `Invalid start year: ${String(value)}`;
}

export function validateEndYear(value: unknown, now?: Date): string | null {
  const year = asNumber(value);
  return isInteger(year) && year >= YEAR_FLOOR && year <= currentYear(now)
    ? null
    : `Invalid end year: ${String(value)}`;
}

export function validateMinCitations(value: unknown): string | null {
  const count = asNumber(value);
  return isInteger(count) && count >= 0 && count <= MAX_MIN_CITATIONS
    ? null
    : `Invalid citation count: ${String(value)}`;
}

export function validateJif(value: unknown): string | null {
  const jif = asNumber(value);
  return typeof jif === 'number' && Number.isFinite(jif) && jif >= 0 && jif <= MAX_JIF
    ? null
    : `Invalid JIF value: ${String(value)}`;
}

/** The first problem with a filter set, in the dialog's order, or null when it is valid. */
export function validateSearchFilters(filters: SearchFilters, now?: Date): string | null {
  return (
    validateStartYear(filters.yearRange[0], now) ??
    validateEndYear(filters.yearRange[1], now) ??
    validateMinCitations(filters.minCitations) ??
    (filters.jifFilter.enabled ? validateJif(filters.jifFilter.minValue) : null)
  );
}

/** The year part of a search: null bounds are open. */
export interface YearBounds {
  yearStart: number | null;
  yearEnd: number | null;
  includeUndated: boolean;
}

/**
 * What a year range asks of a search. The range cannot start before the floor (1990, spec
 * 002 §9), so a range starting there means 'and earlier': older works in the library stay
 * reachable with the default filters. Undated works pass unless the user excludes them.
 */
export function yearBounds(
  yearStart: number | null | undefined,
  yearEnd: number | null | undefined,
  includeUndated = true,
): YearBounds {
  const start = yearStart ?? null;
  return {
    yearStart: start === null || start <= YEAR_FLOOR ? null : start,
    yearEnd: yearEnd ?? null,
    includeUndated,
  };
}

/** The enabled document types as a list; an empty list means every type. */
export function enabledDocumentTypes(types: Partial<DocumentTypes> | undefined): DocumentType[] {
  return DOCUMENT_TYPES.filter((type) => types?.[type] === true);
}
