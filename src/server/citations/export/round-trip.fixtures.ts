import fc from 'fast-check';
import { parseAuthors } from '../../../shared/citations/authors';
import { formatStoredName } from '../../../shared/citations/person-name';
import { refIdFor } from '../../../shared/citations/ref-id';
import { isWebSource, type Work } from '../../../shared/citations/work';
import { stripMarkup } from '../markup';
import { bookChapter, journalArticle, makeWork, preprint, webPage } from '../test-fixtures';

/**
 * A work as it reads back from an export: names in stored form, ids derived, fields that no
 * export format carries (source, citation count, pdf, cached reference) empty.
 */
export function comparable(work: Work): Work {
  const web = isWebSource(work);
  const authors = parseAuthors(work.authors).map(formatStoredName);
  const base: Work = {
    ...work,
    authors,
    title: stripMarkup(work.title),
    abstract: work.abstract === null ? null : stripMarkup(work.abstract),
    page: work.page?.replace(/[-–—]+/g, '-') ?? null,
    url: web ? (work.url ?? work.hyperlink) : null,
    hyperlink: web ? null : (work.hyperlink ?? work.url),
    subjects_str: work.subjects.length > 0 ? work.subjects.join('; ') : null,
    source: null,
    is_referenced_by_count: null,
    pdf: null,
    reference: null,
  };
  const refId = refIdFor({ ...base, id: base.doi ?? '', refId: '' });
  return { ...base, refId, id: base.doi ?? (web && base.url !== null ? base.url : refId) };
}

/** Hand-picked works covering every exported type and the awkward characters. */
export const roundTripWorks: Work[] = [
  journalArticle,
  bookChapter,
  webPage,
  preprint,
  makeWork({
    type: 'proceedings-article',
    title: 'Scaling {GPU} kernels -- fast & "cheap"',
    authors: ['Kim, Bo', 'van der Berg, Jan'],
    container_title: 'Proceedings of the 12th Conference on X & Y',
    page: '1-9',
    published_year: 2019,
    publisher: 'ACM',
    doi: '10.1145/3290605.3300233',
  }),
  makeWork({
    type: 'book',
    title: 'The book',
    authors: ['Jean-Paul Sartre'],
    publisher: 'Gallimard',
    published_year: 1943,
    isbn: ['978-2-07-029388-3'],
  }),
  makeWork({
    type: 'dissertation',
    title: 'A thesis on ~tilde^ and back\\slash',
    authors: ['Martin Luther King Jr.'],
    publisher: 'Boston University',
    published_year: 1955,
  }),
  makeWork({
    type: 'report',
    title: "Weird $money$ 100% #tag under_score ``q'' ?`x é ß Łódź",
    authors: ['World Health Organization', 'Ludwig van Beethoven'],
    published_year: 2020,
    published_month: 3,
    published_day: 4,
    publisher: 'Acme & Co',
    subjects: ['public health', 'vaccines'],
    issn: ['1234-5678'],
    abstract: '<jats:p>An abstract with 50% & more, p < 0.05.</jats:p>',
    hyperlink: 'https://example.org/a_b%20c?x=1&y=2',
  }),
  makeWork({
    type: 'web',
    title: 'Site page',
    container_title: 'WHO',
    url: 'https://who.int/x',
    published_year: 2021,
    published_month: 1,
  }),
  makeWork({
    type: 'posted-content',
    title: 'A bioRxiv preprint',
    authors: ['Ann Lee'],
    publisher: 'Cold Spring Harbor Laboratory',
    doi: '10.1101/2020.01.01.000001',
    published_year: 2020,
  }),
];

const word = fc
  .array(
    fc.constantFrom(
      ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789éüßŁ{}\\$#%&_~^-`\'"<>@,=()[]?!.:;/',
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((chars) => chars.join(''));
const text = fc.array(word, { minLength: 1, maxLength: 6 }).map((words) => words.join(' '));
const author = fc
  .record({
    given: fc.constantFrom('Ann', 'Jean-Paul', 'Łukasz', 'J. R. R.', 'Kirk Warren'),
    family: fc.constantFrom('Smith', 'Müller', 'Smith-Jones', "O'Brien", 'García'),
    particle: fc.constantFrom('', 'van', 'de la', 'von'),
  })
  .map(({ given, family, particle }) => `${particle} ${family}, ${given}`.trim());

/** Random works with hostile text in every free-text field. */
export const arbitraryWork: fc.Arbitrary<Work> = fc
  .record({
    type: fc.constantFrom(
      'journal-article',
      'proceedings-article',
      'book-chapter',
      'book',
      'report',
      'dissertation',
    ),
    title: text,
    authors: fc.array(author, { maxLength: 4 }),
    published_year: fc.option(fc.integer({ min: 1900, max: 2030 }), { nil: null }),
    container_title: fc.option(text, { nil: null }),
    volume: fc.option(fc.integer({ min: 1, max: 999 }).map(String), { nil: null }),
    publisher: fc.option(text, { nil: null }),
    abstract: fc.option(text, { nil: null }),
    doi: fc.option(
      fc.integer({ min: 0, max: 99999 }).map((n) => `10.1234/test.${n}`),
      { nil: null },
    ),
    subjects: fc.array(fc.constantFrom('biology', 'public health', 'AI'), { maxLength: 2 }),
  })
  .map((fields) => {
    const work = makeWork(fields);
    // Books and theses have no container in BibTeX's sense; the exporter writes it as series.
    return fields.type === 'book' || fields.type === 'report' || fields.type === 'dissertation'
      ? { ...work, container_title: null }
      : work;
  });
