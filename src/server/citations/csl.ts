import { parseAuthors } from '../../shared/citations/authors';
import { arxivIdOf, isArxivId, registeredDoi } from '../../shared/citations/doi';
import { familyCore, type PersonName } from '../../shared/citations/person-name';
import { isWebSource, type Work } from '../../shared/citations/work';
import type { CslItem, CslName } from './csl-item';
import { stripMarkup, toCslMarkup } from './markup';

/** Crossref-style work types (and the search index's own) to CSL 1.0.2 item types. */
const CSL_TYPES: Record<string, string> = {
  'journal-article': 'article-journal',
  article: 'article-journal',
  'proceedings-article': 'paper-conference',
  'book-chapter': 'chapter',
  'book-section': 'chapter',
  'book-part': 'chapter',
  book: 'book',
  monograph: 'book',
  'edited-book': 'book',
  'reference-book': 'book',
  'reference-entry': 'entry-encyclopedia',
  wikipedia: 'entry-encyclopedia',
  // CSL's 'article' is "a preprint, working paper or similar"; APA prints it as such.
  'posted-content': 'article',
  preprint: 'article',
  dissertation: 'thesis',
  report: 'report',
  dataset: 'dataset',
  standard: 'standard',
  web: 'webpage',
};

const CSL_ITEM_TYPES = new Set([
  ...Object.values(CSL_TYPES),
  'article-magazine',
  'article-newspaper',
  'entry-dictionary',
  'manuscript',
  'post',
  'post-weblog',
  'software',
  'document',
]);

/** The CSL type for a work type; CSL types pass through, unknown types become 'document'. */
export function cslTypeOf(type: string): string {
  return CSL_TYPES[type] ?? (CSL_ITEM_TYPES.has(type) ? type : 'document');
}

export interface CslMappingOptions {
  /** The BibTeX key to carry along, for exports. */
  citationKey?: string;
}

/**
 * A work as a CSL-JSON item, the input of every citation-js style. arXiv preprints get the
 * archive as publisher and 'arXiv:<id>' as number, which APA 7 prints as
 * "Title (arXiv:1706.03762). arXiv. https://doi.org/10.48550/arXiv.1706.03762".
 */
export function workToCsl(work: Work, options: CslMappingOptions = {}): CslItem {
  const arxiv = work.doi !== null && isArxivId(work.doi) ? arxivIdOf(work.doi) : null;
  const type = arxiv !== null && work.container_title === null ? 'article' : cslTypeOf(work.type);
  const item: CslItem = { id: work.refId, type };
  const set = <K extends keyof CslItem>(key: K, value: CslItem[K] | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') item[key] = value;
  };

  set('citation-key', options.citationKey);
  set('title', toCslMarkup(work.title));
  const authors = parseAuthors(work.authors).map(toCslName);
  if (authors.length > 0) item.author = authors;
  set('issued', cslDate(work));
  set('container-title', work.container_title);
  set('volume', work.volume);
  set('issue', work.issue);
  set('page', work.page);
  set('publisher', work.publisher ?? (arxiv === null ? null : 'arXiv'));
  set('number', arxiv === null ? null : `arXiv:${arxiv}`);
  set('DOI', work.doi === null ? null : registeredDoi(work.doi));
  // With a DOI every style links the DOI; a second address would only repeat it.
  if (isWebSource(work)) set('URL', work.url ?? work.hyperlink);
  else if (work.doi === null) set('URL', work.hyperlink ?? work.url);
  set('ISSN', work.issn[0]);
  set('ISBN', work.isbn[0]);
  set('abstract', work.abstract === null ? null : stripMarkup(work.abstract));
  set('keyword', work.subjects.length > 0 ? work.subjects.join(', ') : null);
  return item;
}

export function toCslName(name: PersonName): CslName {
  if (name.kind === 'organization') return { literal: name.family };
  const csl: CslName = { family: familyCore(name) };
  if (name.given !== '') csl.given = name.given;
  if (name.particle !== '') csl['non-dropping-particle'] = name.particle;
  if (name.suffix !== '') csl.suffix = name.suffix;
  return csl;
}

function cslDate(work: Work): CslItem['issued'] | null {
  const { published_year: year, published_month: month, published_day: day } = work;
  if (year === null) return null;
  const parts = [year];
  if (month !== null) {
    parts.push(month);
    if (day !== null) parts.push(day);
  }
  return { 'date-parts': [parts] };
}
