import type { OutboundHttp } from '../../net/outbound/outbound-http';
import type { Work } from '../../../shared/citations/work';
import { cleanText, normalizeDoi, parseIsoDate } from '../formats/text-cleanup';
import type { LiteratureQuery } from '../providers/literature-provider';
import type { LiteratureSource, SourceAnswer } from './literature-source';
import { endpoint, fetchXml, SourceError } from './source-http';
import { meaningfulWords, quoted, sourceTerms } from './source-query';
import { asRecord, sourceWork } from './source-work';
import { attribute, list, parseXml, xmlText } from './source-xml';

export interface ArxivOptions {
  /** The API base, https://export.arxiv.org/api by default. */
  baseUrl: string;
  /** The server's outbound helper (src/server/net/outbound). */
  outbound: OutboundHttp;
}

/** arXiv's manual asks for at most 2,000 results per call. */
export const ARXIV_PAGE_SIZE = 2000;
const ABS_URL = /arxiv\.org\/abs\/(.+?)(v\d+)?$/i;

/**
 * The search_query in arXiv's syntax (field prefix `all:`, Boolean AND / OR / ANDNOT): ranking
 * words OR-ed, required words and phrases AND-ed, excluded ones ANDNOT-ed, and the years as a
 * submittedDate range.
 */
export function arxivQueryUrl(options: ArxivOptions, query: LiteratureQuery, start = 0): URL {
  const terms = sourceTerms(query);
  const ranking = meaningfulWords(terms.ranking).map((word) => `all:${quoted(word)}`);
  const clauses: string[] = [];
  if (ranking.length > 0) clauses.push(`(${ranking.join(' OR ')})`);
  for (const required of terms.required) clauses.push(`all:${quoted(required)}`);
  if (query.yearStart !== null || query.yearEnd !== null) {
    clauses.push(
      `submittedDate:[${query.yearStart ?? 1991}01010000 TO ${query.yearEnd ?? 2999}12312359]`,
    );
  }
  let search = clauses.join(' AND ');
  for (const excluded of terms.excluded) search += ` ANDNOT all:${quoted(excluded)}`;
  const url = endpoint(options.baseUrl, 'query');
  url.searchParams.set('search_query', search);
  url.searchParams.set('start', String(start));
  url.searchParams.set('max_results', String(Math.min(query.limit, ARXIV_PAGE_SIZE)));
  url.searchParams.set('sortBy', 'relevance');
  return url;
}

/**
 * One Atom `entry` as a Work. A preprint that carries a journal DOI is identified by that DOI
 * (so the journal's copy from another source is the same work) and keeps its arXiv id in its
 * link; its journal reference becomes the container title, which files it under articles too.
 */
export function arxivEntryToWork(value: unknown): Work | null {
  const entry = asRecord(value);
  const match = ABS_URL.exec(xmlText(entry.id) ?? '');
  const title = xmlText(entry.title);
  if (!match?.[1] || title === null) return null;
  const arxivId = match[1];
  const doi = normalizeDoi(xmlText(entry['arxiv:doi']));
  const date = parseIsoDate(xmlText(entry.published));
  return sourceWork(doi ?? `arxiv:${arxivId}`, title, {
    doi: doi ?? `arxiv:${arxivId}`,
    type: 'preprint',
    authors: list(entry.author)
      .map((author) => xmlText(asRecord(author).name))
      .filter((name) => name !== null),
    published_year: date.year,
    published_month: date.month,
    published_day: date.day,
    container_title: xmlText(entry['arxiv:journal_ref']),
    source: 'arXiv',
    abstract: xmlText(entry.summary),
    hyperlink: `https://arxiv.org/abs/${arxivId}`,
    subjects: list(entry.category)
      .map((category) => attribute(category, 'term'))
      .filter((term) => term !== null),
    pdf: `https://arxiv.org/pdf/${arxivId}`,
  });
}

/** arXiv's query API: every arXiv preprint (~2.5M), as an Atom feed. */
export class ArxivSource implements LiteratureSource {
  readonly id = 'arxiv';
  readonly label = 'arXiv';

  constructor(private readonly options: ArxivOptions) {}

  async search(query: LiteratureQuery, signal: AbortSignal): Promise<SourceAnswer> {
    const works: Work[] = [];
    for (let start = 0; works.length < query.limit; start += ARXIV_PAGE_SIZE) {
      const xml = await fetchXml('arXiv', arxivQueryUrl(this.options, query, start), {
        signal,
        outbound: this.options.outbound,
      });
      const feed = asRecord(
        parseXml('arXiv', xml, ['entry', 'author', 'category', 'link'], ['title', 'summary']).feed,
      );
      const entries = list(feed.entry);
      // arXiv reports a bad query as a feed whose only entry is an error.
      const error = entries.find((entry) =>
        /\/api\/errors/.test(xmlText(asRecord(entry).id) ?? ''),
      );
      if (error) {
        throw new SourceError(
          'http',
          `arXiv refused the query: ${xmlText(asRecord(error).summary) ?? ''}`,
        );
      }
      if (feed.entry === undefined && feed['opensearch:totalResults'] === undefined) {
        throw new SourceError('malformed', 'arXiv answered something that is not an Atom feed');
      }
      for (const entry of entries) {
        const work = arxivEntryToWork(entry);
        if (work) works.push(work);
      }
      const total = Number(cleanText(xmlText(feed['opensearch:totalResults'])) ?? 0);
      if (entries.length < ARXIV_PAGE_SIZE || start + ARXIV_PAGE_SIZE >= total) break;
    }
    return { works: works.slice(0, query.limit) };
  }
}
