import { parseAuthors } from './authors';
import type { PersonName } from './person-name';
import { isWebSource, type Work } from './work';

export type InTextSource = Pick<Work, 'authors' | 'published_year' | 'title' | 'type' | 'url'> &
  Partial<Pick<Work, 'hyperlink'>>;

export const NO_DATE = 'n.d.';

/**
 * The in-text label of one work, without parentheses (spec 000 §5, 002 §9):
 * one author 'Surname, year'; two 'A & B, year'; more 'A et al., year'; 'n.d.' without a year.
 * Web sources name their first author or else the host of their address. Without authors the
 * first three title words stand in for them.
 *
 * @example inTextLabel({ authors: ['Lee, Ann', 'Park, Jin'], published_year: 2019, ... }) // 'Lee & Park, 2019'
 */
export function inTextLabel(work: InTextSource): string {
  return `${inTextAuthors(work)}, ${work.published_year ?? NO_DATE}`;
}

/**
 * The parenthetical citation of a marker such as [ref_a; ref_b]: labels in marker order joined
 * by '; '. Empty when no work is given, as the editor only cites references that exist.
 *
 * @example inTextCitation([smith2020, leePark2019]) // '(Smith, 2020; Lee & Park, 2019)'
 */
export function inTextCitation(works: readonly InTextSource[]): string {
  if (works.length === 0) return '';
  return `(${works.map(inTextLabel).join('; ')})`;
}

function inTextAuthors(work: InTextSource): string {
  const names = parseAuthors(work.authors);
  const [first, second] = names;
  if (isWebSource(work)) {
    if (first) return surname(first);
    const host = hostOf(work.url ?? work.hyperlink ?? null);
    if (host !== null) return host;
  }
  if (first === undefined) return titleWords(work.title);
  if (second === undefined) return surname(first);
  if (names.length === 2) return `${surname(first)} & ${surname(second)}`;
  return `${surname(first)} et al.`;
}

// The particle stays: APA cites 'van Beethoven', not 'Beethoven'.
function surname(name: PersonName): string {
  return name.family;
}

function titleWords(title: string): string {
  const words = title
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, 3);
  if (words.length === 0) return 'Untitled';
  return words.join(' ').replace(/[\s.,;:!?-]+$/, '');
}

// 'https://www.who.int/news' is cited as 'who.int': the www. prefix carries no information.
function hostOf(url: string | null): string | null {
  if (url === null || url.trim() === '') return null;
  try {
    const host = new URL(url.trim()).hostname.replace(/^www\./, '');
    return host === '' ? null : host;
  } catch {
    return null;
  }
}
