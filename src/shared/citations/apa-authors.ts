import type { PersonName } from './person-name';

/** Spec 000 §5 and §9: at most 20 authors are listed. */
export const APA_MAX_AUTHORS = 20;

/**
 * Spec 000 §5 writes the gap as '...'. citation-js (citeproc) prints the single character '…'
 * in the same place; everything else matches it.
 */
export const APA_ELLIPSIS = '...';

/**
 * 'van Beethoven, L.', 'King, M. L., Jr.', 'World Health Organization'. Straight apostrophes
 * become typographic ones ('O’Brien'), as in the typeset reference list.
 */
export function formatApaName(name: PersonName): string {
  const family = name.family.replace(/'/g, '\u2019');
  if (name.kind === 'organization' || name.initials === '') {
    return name.suffix === '' ? family : `${family}, ${name.suffix}`;
  }
  const base = `${family}, ${name.initials}`;
  return name.suffix === '' ? base : `${base}, ${name.suffix}`;
}

/**
 * The APA 7 author element: names joined by commas with '&' before the last; with more than 20
 * authors the first 19, then '...', then the last (no '&'). Empty for no authors. No period is
 * added: personal names already end in one, and the caller knows what follows.
 *
 * @example formatApaAuthors(parseAuthors('Yann LeCun; Yoshua Bengio')) // 'LeCun, Y., & Bengio, Y.'
 */
export function formatApaAuthors(names: readonly PersonName[]): string {
  const formatted = names.map(formatApaName);
  const last = formatted[formatted.length - 1];
  if (last === undefined) return '';
  if (formatted.length === 1) return last;
  if (formatted.length > APA_MAX_AUTHORS) {
    return `${formatted.slice(0, APA_MAX_AUTHORS - 1).join(', ')}, ${APA_ELLIPSIS} ${last}`;
  }
  return `${formatted.slice(0, -1).join(', ')}, & ${last}`;
}
