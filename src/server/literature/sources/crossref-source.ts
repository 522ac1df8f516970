import type { OutboundHttp } from '../../net/outbound/outbound-http';
import type { Work } from '../../../shared/citations/work';
import { cleanText, normalizeDoi, toCount, toLabel } from '../formats/text-cleanup';
import type { LiteratureQuery } from '../providers/literature-provider';
import type { LiteratureSource, SourceAnswer } from './literature-source';
import { endpoint, fetchJson, SourceError } from './source-http';
import { plainText, sourceTerms } from './source-query';
import { asRecord, firstText, sourceWork, textList } from './source-work';

export interface CrossrefOptions {
  baseUrl: string;
  /** Crossref's polite pool, like OpenAlex's. */
  mailto: string | undefined;
  /** The server's outbound helper (src/server/net/outbound). */
  outbound: OutboundHttp;
}

/** Crossref answers at most 1,000 rows per request; more needs a cursor. */
export const CROSSREF_PAGE_SIZE = 1000;

/**
 * GET /works with `query.bibliographic` (Crossref's relevance search over titles, authors and
 * venues) and the publication-date filters. Crossref has no citation-count filter and no
 * exclusion syntax; those are applied after the merge.
 */
export function crossrefWorksUrl(options: CrossrefOptions, query: LiteratureQuery, cursor = '*') {
  const url = endpoint(options.baseUrl, 'works');
  url.searchParams.set('query.bibliographic', plainText(sourceTerms(query)));
  const filters: string[] = [];
  if (query.yearStart !== null) filters.push(`from-pub-date:${query.yearStart}`);
  if (query.yearEnd !== null) filters.push(`until-pub-date:${query.yearEnd}`);
  if (filters.length > 0) url.searchParams.set('filter', filters.join(','));
  url.searchParams.set('rows', String(Math.min(query.limit, CROSSREF_PAGE_SIZE)));
  url.searchParams.set('cursor', cursor);
  if (options.mailto) url.searchParams.set('mailto', options.mailto);
  return url;
}

function authorName(value: unknown): string | null {
  const author = asRecord(value);
  const name = cleanText(author.name);
  if (name) return name;
  const given = cleanText(author.given);
  const family = cleanText(author.family);
  return cleanText([given, family].filter(Boolean).join(' '));
}

function dateParts(item: Record<string, unknown>) {
  for (const field of ['published', 'published-print', 'published-online', 'issued']) {
    const parts = asRecord(item[field])['date-parts'];
    const first = Array.isArray(parts) && Array.isArray(parts[0]) ? (parts[0] as unknown[]) : [];
    const [year, month, day] = first.map(toCount);
    if (year) return { year, month: month ?? null, day: day ?? null };
  }
  return { year: null, month: null, day: null };
}

/** One Crossref work item (api.crossref.org's `message.items[]`) as a Work. */
export function crossrefItemToWork(value: unknown): Work | null {
  const item = asRecord(value);
  const title = firstText(item.title);
  const doi = normalizeDoi(item.DOI);
  if (title === null || doi === null) return null;
  const date = dateParts(item);
  return sourceWork(doi, title, {
    doi,
    type: cleanText(item.type) ?? 'journal-article',
    authors: (Array.isArray(item.author) ? item.author : [])
      .map(authorName)
      .filter((name) => name !== null),
    published_year: date.year,
    published_month: date.month,
    published_day: date.day,
    container_title: firstText(item['container-title']),
    source: 'Crossref',
    volume: toLabel(item.volume),
    issue: toLabel(item.issue),
    page: toLabel(item.page),
    publisher: cleanText(item.publisher),
    abstract: cleanText(item.abstract),
    hyperlink: cleanText(item.URL) ?? `https://doi.org/${doi}`,
    subjects: textList(item.subject),
    is_referenced_by_count: toCount(item['is-referenced-by-count']),
    issn: textList(item.ISSN),
    isbn: textList(item.ISBN),
  });
}

/** Crossref's REST API: every DOI Crossref registers (~160M), metadata and some abstracts. */
export class CrossrefSource implements LiteratureSource {
  readonly id = 'crossref';
  readonly label = 'Crossref';

  constructor(private readonly options: CrossrefOptions) {}

  async search(query: LiteratureQuery, signal: AbortSignal): Promise<SourceAnswer> {
    const works: Work[] = [];
    let cursor = '*';
    while (works.length < query.limit) {
      const body = asRecord(
        await fetchJson('Crossref', crossrefWorksUrl(this.options, query, cursor), {
          signal,
          outbound: this.options.outbound,
        }),
      );
      const message = asRecord(body.message);
      if (body.status !== 'ok' || !Array.isArray(message.items)) {
        throw new SourceError('malformed', 'Crossref answered without a work list');
      }
      for (const item of message.items) {
        const work = crossrefItemToWork(item);
        if (work) works.push(work);
      }
      const next = cleanText(message['next-cursor']);
      if (next === null || message.items.length < CROSSREF_PAGE_SIZE) break;
      cursor = next;
    }
    return { works: works.slice(0, query.limit) };
  }
}
