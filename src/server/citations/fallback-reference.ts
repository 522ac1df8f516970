import { formatApaAuthors } from '../../shared/citations/apa-authors';
import { parseAuthors } from '../../shared/citations/authors';
import { arxivIdOf, doiUrl, isArxivId } from '../../shared/citations/doi';
import { NO_DATE } from '../../shared/citations/in-text';
import type { Work } from '../../shared/citations/work';
import { stripMarkup } from './markup';

export type FallbackSource = Pick<
  Work,
  | 'authors'
  | 'published_year'
  | 'title'
  | 'doi'
  | 'url'
  | 'hyperlink'
  | 'container_title'
  | 'volume'
  | 'issue'
  | 'page'
  | 'publisher'
>;

/**
 * The reference line generated when neither citation-js nor the DOI service could produce one
 * (spec 000 §7). It follows APA 7's order with what is known:
 * - arXiv works: 'Authors (year). Title. arXiv:1706.03762.'
 * - others: 'Authors (year). Title. Container, volume(issue), pages. https://doi.org/…'
 * Without authors the title takes their place, as in APA: 'Title. (year). …'.
 */
export function fallbackReference(work: FallbackSource): string {
  const authors = formatApaAuthors(parseAuthors(work.authors));
  const year = `(${work.published_year ?? NO_DATE}).`;
  const title = sentence(stripMarkup(work.title).replace(/\.+$/, '') || 'Untitled');
  const head = authors === '' ? `${title} ${year}` : `${sentence(authors)} ${year} ${title}`;

  const arxiv = arxivOf(work);
  if (arxiv !== null) return `${head} arXiv:${arxiv}.`;
  return [head, sourcePart(work), linkOf(work)].filter((part) => part !== '').join(' ');
}

function arxivOf(work: FallbackSource): string | null {
  if (work.doi !== null && isArxivId(work.doi)) return arxivIdOf(work.doi);
  const link = work.url ?? work.hyperlink;
  return link === null ? null : arxivIdOf(link);
}

function sourcePart(work: FallbackSource): string {
  if (work.container_title === null) return work.publisher === null ? '' : sentence(work.publisher);
  let text = work.container_title;
  if (work.volume !== null) text += `, ${work.volume}`;
  if (work.issue !== null) text += work.volume === null ? `, (${work.issue})` : `(${work.issue})`;
  if (work.page !== null) text += `, ${work.page.replace(/-+/g, '–')}`;
  return sentence(text);
}

function linkOf(work: FallbackSource): string {
  if (work.doi !== null) return doiUrl(work.doi);
  return work.url ?? work.hyperlink ?? '';
}

// Ends a part with a period unless it already ends a sentence ('Why?').
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.?!]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
