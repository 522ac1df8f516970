import {
  type DocumentType,
  type DocumentTypes,
  type SearchFilters,
  validateEndYear,
  validateJif,
  validateMinCitations,
  validateStartYear,
} from '../../../shared/literature/search-filters';

/**
 * The Search Filters dialog's working copy. Numbers are kept as typed so that Apply can name
 * the exact entry it rejects ('Invalid start year: 19x0'), as spec 002 §5 asks.
 */
export interface FilterForm {
  includeText: string;
  excludeText: string;
  startYear: string;
  endYear: string;
  includeUndated: boolean;
  minCitations: string;
  documentTypes: DocumentTypes;
  jifEnabled: boolean;
  jifValue: string;
}

export type FilterFormResult =
  { ok: true; filters: SearchFilters } | { ok: false; message: string };

/** Human labels for spec 002 §3's document types, in the dialog's order. */
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  article: 'Articles and books',
  preprint: 'Preprints',
  wikipedia: 'Wikipedia',
  rmv: 'Retracted or removed',
  web: 'Web pages',
};

export function formFromFilters(filters: SearchFilters): FilterForm {
  return {
    includeText: filters.includeText,
    excludeText: filters.excludeText,
    startYear: String(filters.yearRange[0]),
    endYear: String(filters.yearRange[1]),
    includeUndated: filters.includeUndated,
    minCitations: String(filters.minCitations),
    documentTypes: { ...filters.documentTypes },
    jifEnabled: filters.jifFilter.enabled,
    jifValue: String(filters.jifFilter.minValue),
  };
}

/**
 * Apply's check (spec 002 §5): every field is validated before anything is used, in the
 * dialog's order, and the first problem is reported with the value as the user typed it. The
 * JIF value only counts while its filter is enabled.
 */
export function filtersFromForm(form: FilterForm, now?: Date): FilterFormResult {
  const problem =
    validateStartYear(form.startYear, now) ??
    validateEndYear(form.endYear, now) ??
    validateMinCitations(form.minCitations) ??
    (form.jifEnabled ? validateJif(form.jifValue) : null);
  if (problem !== null) return { ok: false, message: problem };

  const start = Number(form.startYear);
  const end = Number(form.endYear);
  // A disabled JIF filter keeps a valid value for when it is switched back on; anything else
  // falls back to the default of 0 rather than storing a value the server would refuse.
  const jif = validateJif(form.jifValue) === null ? Number(form.jifValue) : 0;
  return {
    ok: true,
    filters: {
      includeText: form.includeText.trim(),
      excludeText: form.excludeText.trim(),
      // Years typed the wrong way round still describe one period; searching an empty one
      // would only ever find nothing.
      yearRange: [Math.min(start, end), Math.max(start, end)],
      includeUndated: form.includeUndated,
      minCitations: Number(form.minCitations),
      documentTypes: { ...form.documentTypes },
      jifFilter: { enabled: form.jifEnabled, minValue: jif },
    },
  };
}

/**
 * Where a slider sits for a typed value: the number clamped to the slider's range, or
 * `fallback` while the text is not a number, so typing never makes the slider jump to 0.
 */
export function sliderPosition(text: string, min: number, max: number, fallback: number): number {
  const value = text.trim() === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, value));
}
