/** Small normalisers shared by the source mappers. */

const WHITESPACE = /\s+/g;
// Most values need no collapsing; testing first avoids rebuilding every abstract.
const COLLAPSIBLE = /\s\s|[^\S ]/;

/** Trims and collapses runs of whitespace (arXiv titles carry hard line breaks); "" → null. */
export function cleanText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const cleaned = (COLLAPSIBLE.test(value) ? value.replace(WHITESPACE, ' ') : value).trim();
  return cleaned === '' ? null : cleaned;
}

const DOI_PREFIX = /^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i;

/** Bare lower-case DOI, or null when the value is not a DOI. */
export function normalizeDoi(value: unknown): string | null {
  const text = cleanText(value);
  if (text === null) return null;
  const bare = text.replace(DOI_PREFIX, '').trim().toLowerCase();
  return bare.startsWith('10.') && bare.includes('/') ? bare : null;
}

export interface DateParts {
  year: number | null;
  month: number | null;
  day: number | null;
}

const ISO_DATE = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?/;

/** Reads "YYYY", "YYYY-MM" or "YYYY-MM-DD" (anything after is ignored). */
export function parseIsoDate(value: unknown): DateParts {
  const match = typeof value === 'string' ? ISO_DATE.exec(value.trim()) : null;
  if (match === null) return { year: null, month: null, day: null };
  const month = match[2] === undefined ? null : Number(match[2]);
  const day = match[3] === undefined ? null : Number(match[3]);
  return {
    year: Number(match[1]),
    month: month !== null && month >= 1 && month <= 12 ? month : null,
    day: day !== null && day >= 1 && day <= 31 ? day : null,
  };
}

/** Integer-ish values ("42", 42) as a number, else null. */
export function toCount(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0
    ? Math.trunc(number)
    : null;
}

/** Volume, issue and page values arrive as strings or numbers. */
export function toLabel(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return cleanText(value);
}
