import { parseAuthors } from '../../../shared/citations/authors';
import { arxivIdOf, isArxivId } from '../../../shared/citations/doi';
import type { PersonName } from '../../../shared/citations/person-name';
import type { Work } from '../../../shared/citations/work';
import { stripMarkup } from '../markup';
import {
  escapeBibtex,
  escapeBibtexPages,
  escapeBibtexTitle,
  escapeBibtexVerbatim,
} from './bibtex-value';
import { citationKeys } from './citation-key';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** BibTeX entry type, and the field the container title goes in, per work type. */
const ENTRY_TYPES: Record<string, { type: string; container: string; publisher: string }> = {
  'journal-article': { type: 'article', container: 'journal', publisher: 'publisher' },
  article: { type: 'article', container: 'journal', publisher: 'publisher' },
  'proceedings-article': { type: 'inproceedings', container: 'booktitle', publisher: 'publisher' },
  'book-chapter': { type: 'incollection', container: 'booktitle', publisher: 'publisher' },
  book: { type: 'book', container: 'series', publisher: 'publisher' },
  monograph: { type: 'book', container: 'series', publisher: 'publisher' },
  'edited-book': { type: 'book', container: 'series', publisher: 'publisher' },
  'reference-book': { type: 'book', container: 'series', publisher: 'publisher' },
  dissertation: { type: 'phdthesis', container: 'series', publisher: 'school' },
  report: { type: 'techreport', container: 'series', publisher: 'institution' },
  'posted-content': { type: 'unpublished', container: 'howpublished', publisher: 'publisher' },
  preprint: { type: 'unpublished', container: 'howpublished', publisher: 'publisher' },
  // @online is BibLaTeX's; classic BibTeX styles treat it as @misc with a warning.
  web: { type: 'online', container: 'organization', publisher: 'publisher' },
};
const MISC = { type: 'misc', container: 'howpublished', publisher: 'publisher' };

/**
 * A .bib file for the works, one entry each, with unique keys ('lecun2015deep'). arXiv
 * preprints are written the way arXiv exports them (@misc with eprint and archivePrefix).
 * Fields outside BibTeX's scope (refId, scores, citation counts) are not written.
 */
export function worksToBibtex(works: readonly Work[]): string {
  const keys = citationKeys(works);
  return works
    .map((work, index) => bibtexEntry(work, keys[index] ?? `work${index + 1}`))
    .join('\n\n');
}

/**
 * One BibTeX entry. `extra` adds fields a particular consumer reads (the LaTeX export puts the
 * abstract excerpt in biblatex's `usera`).
 */
export function bibtexEntry(
  work: Work,
  key: string,
  extra: Record<string, string | null> = {},
): string {
  const arxiv = work.doi !== null && isArxivId(work.doi) ? arxivIdOf(work.doi) : null;
  const preprint =
    work.type === 'posted-content' || work.type === 'preprint' || work.type === 'other';
  const kind = arxiv !== null && preprint ? MISC : (ENTRY_TYPES[work.type] ?? MISC);
  const fields: [string, string][] = [];
  const add = (name: string, value: string | null | undefined, escape = escapeBibtex) => {
    if (value !== null && value !== undefined && value.trim() !== '') {
      fields.push([name, escape(value)]);
    }
  };

  const authors = parseAuthors(work.authors);
  if (authors.length > 0) fields.push(['author', authors.map(bibtexName).join(' and ')]);
  add('title', work.title === '' ? null : stripMarkup(work.title), escapeBibtexTitle);
  add(kind.container, work.container_title);
  add('year', work.published_year?.toString());
  const month = work.published_month === null ? undefined : MONTHS[work.published_month - 1];
  if (month !== undefined) fields.push(['month', month]);
  if (work.published_day !== null && month !== undefined && work.published_year !== null) {
    add('date', isoDate(work.published_year, work.published_month, work.published_day));
  }
  add('volume', work.volume);
  add('number', work.issue);
  add('pages', work.page, escapeBibtexPages);
  add(kind.publisher, work.publisher);
  if (arxiv !== null) {
    add('eprint', arxiv, escapeBibtexVerbatim);
    fields.push(['archiveprefix', 'arXiv']);
  } else {
    add('doi', work.doi, escapeBibtexVerbatim);
  }
  add(
    'url',
    work.type === 'web' ? (work.url ?? work.hyperlink) : (work.hyperlink ?? work.url),
    escapeBibtexVerbatim,
  );
  add('issn', work.issn.join(', '));
  add('isbn', work.isbn.join(', '));
  add('keywords', work.subjects.join(', '));
  add('abstract', work.abstract === null ? null : stripMarkup(work.abstract));
  for (const [name, value] of Object.entries(extra)) add(name, value);

  const body = fields
    .map(([name, value]) => (name === 'month' ? `  ${name} = ${value}` : `  ${name} = {${value}}`))
    .join(',\n');
  return `@${kind.type}{${key},\n${body}\n}`;
}

// 'van Beethoven, Ludwig' keeps the particle where BibTeX's name parser expects it; an
// organisation is braced so that BibTeX does not split it into given and family names.
function bibtexName(name: PersonName): string {
  if (name.kind === 'organization') return `{${escapeBibtex(name.family)}}`;
  const family = /\s(and)\s/i.test(name.family)
    ? `{${escapeBibtex(name.family)}}`
    : escapeBibtex(name.family);
  const parts = [family];
  if (name.suffix !== '') parts.push(escapeBibtex(name.suffix));
  if (name.given !== '') parts.push(escapeBibtex(name.given));
  return parts.join(', ');
}

function isoDate(year: number, month: number | null, day: number): string {
  const pad = (value: number) => value.toString().padStart(2, '0');
  return `${year}-${pad(month ?? 1)}-${pad(day)}`;
}
