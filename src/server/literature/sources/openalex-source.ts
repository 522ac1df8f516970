import type { OutboundHttp } from '../../net/outbound/outbound-http';
import type { Work } from '../../../shared/citations/work';
import { openAlexToRecord } from '../formats/openalex-record';
import type { LiteratureQuery } from '../providers/literature-provider';
import { recordToWork } from '../store/record-to-work';
import type { LiteratureSource, SourceAnswer } from './literature-source';
import { endpoint, fetchJson, SourceError } from './source-http';

export interface OpenAlexOptions {
  baseUrl: string;
  /** OpenAlex's polite pool: requests with a contact address get faster, steadier service. */
  mailto: string | undefined;
  /** The server's outbound helper (src/server/net/outbound). */
  outbound: OutboundHttp;
}

const OPENALEX_TYPES: Record<string, string[]> = {
  article: ['article', 'review', 'book', 'book-chapter'],
  preprint: ['preprint'],
};
export const OPENALEX_PAGE_SIZE = 200;

/**
 * The /works query in OpenAlex's documented filter syntax. `withTypes` sends the document types
 * too; the federation leaves them out so it can count what the type filter hides.
 */
export function openAlexWorksUrl(
  options: OpenAlexOptions,
  query: LiteratureQuery,
  { withTypes = true, page = 1 }: { withTypes?: boolean; page?: number } = {},
): URL {
  const url = endpoint(options.baseUrl, 'works');
  const search = [query.q, query.includeText].filter((part) => part.trim()).join(' ');
  if (search) url.searchParams.set('search', search);
  const filters: string[] = [];
  if (query.yearStart !== null || query.yearEnd !== null) {
    filters.push(`publication_year:${query.yearStart ?? ''}-${query.yearEnd ?? ''}`);
  }
  if (query.minCitations > 0) filters.push(`cited_by_count:>${query.minCitations - 1}`);
  const types = withTypes ? query.documentTypes.flatMap((type) => OPENALEX_TYPES[type] ?? []) : [];
  if (types.length > 0) filters.push(`type:${types.join('|')}`);
  if (query.excludeText.trim()) {
    filters.push(`title_and_abstract.search:!${query.excludeText.trim().replace(/[,|]/g, ' ')}`);
  }
  if (filters.length > 0) url.searchParams.set('filter', filters.join(','));
  url.searchParams.set('per_page', String(Math.min(query.limit, OPENALEX_PAGE_SIZE)));
  if (page > 1) url.searchParams.set('page', String(page));
  if (options.mailto) url.searchParams.set('mailto', options.mailto);
  return url;
}

export interface ScoredSourceWork {
  work: Work;
  score: number;
}

/** One page of /works as works with OpenAlex's relevance score; records it cannot read are skipped. */
export async function fetchOpenAlexPage(
  outbound: OutboundHttp,
  url: URL,
  signal: AbortSignal,
): Promise<{ works: ScoredSourceWork[]; total: number | null }> {
  const body = await fetchJson('OpenAlex', url, {
    outbound,
    signal,
    headers: { accept: 'application/json' },
  });
  if (
    typeof body !== 'object' ||
    body === null ||
    !Array.isArray((body as { results?: unknown }).results)
  ) {
    throw new SourceError('malformed', 'OpenAlex answered without a results list');
  }
  const { results, meta } = body as { results: unknown[]; meta?: { count?: unknown } };
  const works = results.flatMap((raw) => {
    const conversion = openAlexToRecord(raw);
    if (!conversion.ok) return [];
    const score = (raw as { relevance_score?: unknown }).relevance_score;
    return [
      { work: recordToWork(conversion.record), score: typeof score === 'number' ? score : 0 },
    ];
  });
  return { works, total: typeof meta?.count === 'number' ? meta.count : null };
}

/** OpenAlex's works API (about 250M works), following pages until the limit is reached. */
export class OpenAlexSource implements LiteratureSource {
  readonly id = 'openalex';
  readonly label = 'OpenAlex';

  constructor(private readonly options: OpenAlexOptions) {}

  async search(query: LiteratureQuery, signal: AbortSignal): Promise<SourceAnswer> {
    const works: Work[] = [];
    for (let page = 1; works.length < query.limit; page += 1) {
      const url = openAlexWorksUrl(this.options, query, { withTypes: false, page });
      const answer = await fetchOpenAlexPage(this.options.outbound, url, signal);
      works.push(...answer.works.map((entry) => entry.work));
      const seen = page * OPENALEX_PAGE_SIZE;
      if (answer.works.length < OPENALEX_PAGE_SIZE || (answer.total ?? 0) <= seen) break;
    }
    return { works: works.slice(0, query.limit) };
  }
}
