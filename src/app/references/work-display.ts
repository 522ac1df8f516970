import { splitAuthors } from '../../shared/citations/authors';
import { inTextLabel, NO_DATE } from '../../shared/citations/in-text';
import type { CheckMethod, CitedWork, Work } from '../../shared/citations/work';

const TYPE_LABELS: Record<string, string> = {
  'journal-article': 'Journal article',
  'proceedings-article': 'Conference paper',
  'book-chapter': 'Book chapter',
  'edited-book': 'Edited book',
  'reference-book': 'Reference book',
  'reference-entry': 'Reference entry',
  'posted-content': 'Preprint',
  web: 'Web page',
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The type pill's text: a readable name for Crossref-style types such as 'book-chapter'. */
export function workTypeLabel(type: string): string {
  const known = TYPE_LABELS[type];
  if (known) return known;
  const words = type.replace(/[-_]+/g, ' ').trim();
  return words === '' ? 'Other' : words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Who and when in one short line for the result list, in the in-text form of spec 002 §9
 * ('Lee & Park, 2019', 'Smith et al., 2020'). Without authors the in-text rule would repeat the
 * title's first words right under the title, so only the year is shown.
 */
export function authorsAndYear(work: Work): string {
  if (splitAuthors(work.authors).length === 0) return String(work.published_year ?? NO_DATE);
  return inTextLabel(work);
}

/** '15 March 2020', 'March 2020' or '2020'; null without a year. */
export function publishedDate(work: Work): string | null {
  const { published_year: year, published_month: month, published_day: day } = work;
  if (year === null) return null;
  const monthName = month === null ? undefined : MONTHS[month - 1];
  if (monthName === undefined) return String(year);
  return day === null ? `${monthName} ${year}` : `${day} ${monthName} ${year}`;
}

/** 'Vol. 12, No. 3, pp. 45-67' with whatever parts are known; null when none is. */
export function volumeIssuePages(work: Work): string | null {
  const parts = [
    work.volume && `Vol. ${work.volume}`,
    work.issue && `No. ${work.issue}`,
    work.page && `${/[-–]/.test(work.page) ? 'pp.' : 'p.'} ${work.page}`,
  ].filter((part): part is string => Boolean(part));
  return parts.length === 0 ? null : parts.join(', ');
}

/** Certainty in [0, 1] as a whole percent. */
export function formatCertainty(certainty: number): string {
  return `${Math.round(certainty * 100)}%`;
}

/** Which check gave a certainty, as every screen names it; null when it is not known. */
export function checkMethodLabel(method: CheckMethod | null | undefined): string | null {
  if (method === 'model') return 'model judge';
  if (method === 'lexical') return 'offline check';
  return null;
}

/** '80% (model judge)': the certainty with the check that produced it. */
export function certaintyWithMethod(work: Pick<CitedWork, 'certainty' | 'check_method'>): string {
  if (work.certainty === null) return '-';
  const method = checkMethodLabel(work.check_method);
  return method
    ? `${formatCertainty(work.certainty)} (${method})`
    : formatCertainty(work.certainty);
}

/**
 * `value` when it is an http(s) address, else null. Links come from outside sources; a
 * `javascript:` address must never become a clickable link.
 */
export function safeHttpUrl(value: string | null): string | null {
  if (value === null) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
