import type { OutboundHttp } from '../../net/outbound/outbound-http';
import type { Work } from '../../../shared/citations/work';
import { cleanText, normalizeDoi, parseIsoDate, toCount, toLabel } from '../formats/text-cleanup';
import type { LiteratureQuery } from '../providers/literature-provider';
import type { LiteratureSource, SourceAnswer } from './literature-source';
import { endpoint, fetchJson, SourceError } from './source-http';
import { plainText, sourceTerms } from './source-query';
import { asRecord, sourceWork, textList } from './source-work';

export interface SemanticScholarOptions {
  /** The Graph API base, https://api.semanticscholar.org/graph/v1 by default. */
  baseUrl: string;
  /** Optional: without a key requests share the public rate limit. */
  apiKey: string | undefined;
  /** The server's outbound helper (src/server/net/outbound). */
  outbound: OutboundHttp;
}

/** /paper/search answers at most 100 papers per page. */
export const SEMANTIC_SCHOLAR_PAGE_SIZE = 100;
const FIELDS = [
  'title',
  'abstract',
  'year',
  'publicationDate',
  'authors',
  'venue',
  'journal',
  'externalIds',
  'citationCount',
  'publicationTypes',
  'url',
  'fieldsOfStudy',
].join(',');

export function semanticScholarSearchUrl(
  options: SemanticScholarOptions,
  query: LiteratureQuery,
  offset = 0,
): URL {
  const url = endpoint(options.baseUrl, 'paper/search');
  url.searchParams.set('query', plainText(sourceTerms(query)));
  url.searchParams.set('fields', FIELDS);
  url.searchParams.set('offset', String(offset));
  url.searchParams.set('limit', String(Math.min(query.limit - offset, SEMANTIC_SCHOLAR_PAGE_SIZE)));
  if (query.yearStart !== null || query.yearEnd !== null) {
    url.searchParams.set('year', `${query.yearStart ?? ''}-${query.yearEnd ?? ''}`);
  }
  if (query.minCitations > 0) url.searchParams.set('minCitationCount', String(query.minCitations));
  return url;
}

/** Semantic Scholar's publication types in the Crossref vocabulary the filters use. */
function workType(types: string[], hasArxivOnly: boolean): string {
  if (types.includes('JournalArticle') || types.includes('Review')) return 'journal-article';
  if (types.includes('Conference')) return 'proceedings-article';
  if (types.includes('Book')) return 'book';
  if (types.includes('BookSection')) return 'book-chapter';
  if (types.includes('Dataset')) return 'dataset';
  return hasArxivOnly ? 'preprint' : 'journal-article';
}

/** One paper of /paper/search as a Work: identified by DOI, else arXiv id, else PubMed id. */
export function semanticScholarPaperToWork(value: unknown): Work | null {
  const paper = asRecord(value);
  const title = cleanText(paper.title);
  const paperId = cleanText(paper.paperId);
  if (title === null || paperId === null) return null;
  const ids = asRecord(paper.externalIds);
  const doi = normalizeDoi(ids.DOI);
  const arxiv = cleanText(ids.ArXiv);
  const pmid = toLabel(ids.PubMed);
  const id = doi ?? (arxiv ? `arxiv:${arxiv}` : pmid ? `pmid:${pmid}` : `s2:${paperId}`);
  const journal = asRecord(paper.journal);
  const date = parseIsoDate(paper.publicationDate);
  return sourceWork(id, title, {
    doi: doi ?? (arxiv ? `arxiv:${arxiv}` : null),
    type: workType(textList(paper.publicationTypes), doi === null && arxiv !== null),
    authors: (Array.isArray(paper.authors) ? paper.authors : [])
      .map((author) => cleanText(asRecord(author).name))
      .filter((name) => name !== null),
    published_year: toCount(paper.year) ?? date.year,
    published_month: date.month,
    published_day: date.day,
    container_title: cleanText(journal.name) ?? cleanText(paper.venue),
    source: 'Semantic Scholar',
    volume: toLabel(journal.volume),
    page: cleanText(journal.pages),
    abstract: cleanText(paper.abstract),
    hyperlink: arxiv ? `https://arxiv.org/abs/${arxiv}` : (cleanText(paper.url) ?? null),
    url: cleanText(paper.url),
    subjects: textList(paper.fieldsOfStudy),
    is_referenced_by_count: toCount(paper.citationCount),
  });
}

/** Semantic Scholar's Graph API relevance search (~200M papers); the key is optional. */
export class SemanticScholarSource implements LiteratureSource {
  readonly id = 'semanticscholar';
  readonly label = 'Semantic Scholar';

  constructor(private readonly options: SemanticScholarOptions) {}

  async search(query: LiteratureQuery, signal: AbortSignal): Promise<SourceAnswer> {
    const headers: Record<string, string> = this.options.apiKey
      ? { 'x-api-key': this.options.apiKey }
      : {};
    const works: Work[] = [];
    let offset = 0;
    while (offset < query.limit) {
      const url = semanticScholarSearchUrl(this.options, query, offset);
      const body = asRecord(
        await fetchJson('Semantic Scholar', url, {
          signal,
          headers,
          outbound: this.options.outbound,
        }),
      );
      // A search without matches answers {total: 0} with no data list at all.
      if (body.total === 0 && body.data === undefined) break;
      if (!Array.isArray(body.data)) {
        throw new SourceError('malformed', 'Semantic Scholar answered without a data list');
      }
      for (const paper of body.data) {
        const work = semanticScholarPaperToWork(paper);
        if (work) works.push(work);
      }
      const next = toCount(body.next);
      if (next === null || next <= offset) break;
      offset = next;
    }
    return { works: works.slice(0, query.limit) };
  }
}
