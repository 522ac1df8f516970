import { z } from 'zod';
import { arxivIdOf, parseDoi } from '../../shared/citations/doi';
import { formatStoredName, personName, type PersonName } from '../../shared/citations/person-name';
import { refIdFor } from '../../shared/citations/ref-id';
import { WEB_WORK_TYPE, type Work } from '../../shared/citations/work';

/** CSL item types back to the Crossref-style types of Work; the inverse of csl.ts. */
const WORK_TYPES: Record<string, string> = {
  'article-journal': 'journal-article',
  'paper-conference': 'proceedings-article',
  chapter: 'book-chapter',
  book: 'book',
  'entry-encyclopedia': 'reference-entry',
  article: 'posted-content',
  manuscript: 'posted-content',
  thesis: 'dissertation',
  report: 'report',
  dataset: 'dataset',
  standard: 'standard',
  webpage: WEB_WORK_TYPE,
  post: WEB_WORK_TYPE,
  'post-weblog': WEB_WORK_TYPE,
  document: 'other',
};

/** The work type for a CSL type; CSL types without a Crossref twin are kept as they are. */
export function workTypeOf(cslType: string): string {
  return WORK_TYPES[cslType] ?? cslType;
}

// CSL-JSON in the wild (Zotero, Crossref, citation-js) varies: numbers for volumes, lists for
// container titles, strings in date parts. The schema accepts the variants and nothing else.
const textValue = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
  .optional()
  .transform((value) => {
    const first = Array.isArray(value) ? value[0] : value;
    const text = first === undefined ? '' : String(first).replace(/\s+/g, ' ').trim();
    return text === '' ? null : text;
  });

const listValue = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => {
    const items = typeof value === 'string' ? value.split(/[,;]/) : (value ?? []);
    return items.map((item) => item.trim()).filter((item) => item !== '');
  });

const cslNameSchema = z.object({
  family: z.string().optional(),
  given: z.string().optional(),
  'non-dropping-particle': z.string().optional(),
  'dropping-particle': z.string().optional(),
  suffix: z.string().optional(),
  literal: z.string().optional(),
});

const cslDateSchema = z.object({
  'date-parts': z.array(z.array(z.union([z.number(), z.string()]))).optional(),
  raw: z.string().optional(),
  literal: z.string().optional(),
});

export const cslItemInputSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  type: z.string({ message: 'type must be a CSL item type' }).default('document'),
  title: textValue,
  author: z.array(cslNameSchema, { message: 'author must be a list of names' }).optional(),
  issued: cslDateSchema.optional(),
  'container-title': textValue,
  'event-title': textValue,
  volume: textValue,
  issue: textValue,
  page: textValue,
  number: textValue,
  publisher: textValue,
  archive: textValue,
  DOI: textValue,
  URL: textValue,
  ISSN: listValue,
  ISBN: listValue,
  abstract: textValue,
  keyword: listValue,
});

export type CslItemInput = z.output<typeof cslItemInputSchema>;

/**
 * A Work from a CSL item. The DOI (or the arXiv id an archive/number pair names) becomes the id,
 * web pages are identified by their address, and everything else by a fingerprint of title,
 * year and first author, so importing the same file twice gives the same refIds.
 */
export function cslToWork(item: CslItemInput): Work {
  const type = workTypeOf(item.type);
  const isWeb = type === WEB_WORK_TYPE;
  const authors = (item.author ?? []).flatMap((name) => {
    const parsed = cslNameToPerson(name);
    return parsed === null ? [] : [formatStoredName(parsed)];
  });
  const [year = null, month = null, day = null] = dateParts(item.issued);
  const doi = doiOf(item);

  const work: Omit<Work, 'refId' | 'id'> = {
    doi,
    title: item.title ?? '',
    type: doi !== null && doi.startsWith('arxiv:') && type === 'other' ? 'posted-content' : type,
    authors,
    published_year: year,
    published_month: month,
    published_day: day,
    container_title: item['container-title'] ?? item['event-title'],
    source: null,
    volume: item.volume,
    issue: item.issue,
    page: pageOf(item, doi),
    // csl.ts names arXiv as the publisher of preprints that have none; undo that here.
    publisher: doi?.startsWith('arxiv:') && item.publisher === 'arXiv' ? null : item.publisher,
    abstract: item.abstract,
    hyperlink: isWeb ? null : item.URL,
    url: isWeb ? item.URL : null,
    subjects: item.keyword,
    subjects_str: item.keyword.length > 0 ? item.keyword.join('; ') : null,
    is_referenced_by_count: null,
    issn: item.ISSN,
    isbn: item.ISBN,
    pdf: null,
    reference: null,
  };
  const refId = refIdFor({ ...work, id: doi ?? '', refId: '' });
  return { ...work, refId, id: doi ?? (isWeb && work.url !== null ? work.url : refId) };
}

export function cslNameToPerson(name: z.output<typeof cslNameSchema>): PersonName | null {
  const literal = name.literal?.trim();
  if (literal) {
    return {
      kind: 'organization',
      family: literal,
      given: '',
      initials: '',
      particle: '',
      suffix: '',
    };
  }
  const particle = [name['dropping-particle'], name['non-dropping-particle']]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  const family = [particle, name.family?.trim() ?? ''].filter((part) => part !== '').join(' ');
  if (family === '') return null;
  return personName(family, name.given?.trim() ?? '', name.suffix?.trim() ?? '');
}

/**
 * Pages with dashes as hyphens. A journal article without pages that carries an article number
 * (CSL's `number`, e.g. Zotero's 'e0135247') keeps that number as its page, where the
 * formatter prints it as 'Article e0135247'; an arXiv id in `number` is not one.
 */
function pageOf(item: CslItemInput, doi: string | null): string | null {
  if (item.page !== null) return item.page.replace(/[-–—]+/g, '-');
  const journalArticle = item.type === 'article-journal';
  return journalArticle && !doi?.startsWith('arxiv:') ? item.number : null;
}

function doiOf(item: CslItemInput): string | null {
  const doi = item.DOI === null ? null : parseDoi(item.DOI);
  if (doi !== null) return doi;
  // arXiv entries carry their id as number ('arXiv:1706.03762') with arXiv as publisher/archive.
  const archive = `${item.publisher ?? ''} ${item.archive ?? ''}`.toLowerCase();
  if (item.number !== null && (archive.includes('arxiv') || /^arxiv:/i.test(item.number))) {
    const id = arxivIdOf(`arxiv:${item.number.replace(/^arxiv:\s*/i, '')}`);
    if (id !== null) return `arxiv:${id}`;
  }
  const fromUrl = item.URL === null ? null : arxivIdOf(item.URL);
  return fromUrl === null ? null : `arxiv:${fromUrl}`;
}

function dateParts(date: z.output<typeof cslDateSchema> | undefined): (number | null)[] {
  const parts = date?.['date-parts']?.[0];
  if (parts && parts.length > 0) {
    return parts.slice(0, 3).map((part) => {
      const number = Number(part);
      return Number.isInteger(number) ? number : null;
    });
  }
  const year = /\b(1[5-9]\d{2}|20\d{2})\b/.exec(date?.raw ?? date?.literal ?? '')?.[1];
  return year === undefined ? [] : [Number(year)];
}
