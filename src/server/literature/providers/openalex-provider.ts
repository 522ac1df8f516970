import type { Db } from '../../db/database';
import { openAlexToRecord } from '../formats/openalex-record';
import { recordToWork } from '../store/record-to-work';
import { upsertWorks } from '../store/work-store';
import type { LiteratureProvider, LiteratureQuery, ScoredWork } from './literature-provider';

export interface OpenAlexOptions {
  baseUrl: string;
  /** OpenAlex's polite pool: requests with a contact address get faster, steadier service. */
  mailto: string | undefined;
  timeoutMs: number;
}

const OPENALEX_TYPES: Record<string, string[]> = {
  article: ['article', 'review', 'book', 'book-chapter'],
  preprint: ['preprint'],
};
const MAX_PER_PAGE = 200;

export class OpenAlexError extends Error {}

/** Builds the /works query; filters use OpenAlex's documented filter syntax. */
export function openAlexWorksUrl(options: OpenAlexOptions, query: LiteratureQuery): URL {
  const url = new URL(
    'works',
    options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`,
  );
  const search = [query.q, query.includeText].filter((part) => part.trim()).join(' ');
  if (search) url.searchParams.set('search', search);
  const filters: string[] = [];
  if (query.yearStart !== null || query.yearEnd !== null) {
    filters.push(`publication_year:${query.yearStart ?? ''}-${query.yearEnd ?? ''}`);
  }
  if (query.minCitations > 0) filters.push(`cited_by_count:>${query.minCitations - 1}`);
  const types = query.documentTypes.flatMap((type) => OPENALEX_TYPES[type] ?? []);
  if (types.length > 0) filters.push(`type:${types.join('|')}`);
  if (query.excludeText.trim()) {
    filters.push(`title_and_abstract.search:!${query.excludeText.trim().replace(/[,|]/g, ' ')}`);
  }
  if (filters.length > 0) url.searchParams.set('filter', filters.join(','));
  url.searchParams.set('per_page', String(Math.min(query.limit, MAX_PER_PAGE)));
  if (options.mailto) url.searchParams.set('mailto', options.mailto);
  return url;
}

/**
 * The live OpenAlex works API. Results are upserted into the works store before they are
 * returned, so citing one works exactly like citing a bundled work.
 */
export class OpenAlexLiteratureProvider implements LiteratureProvider {
  readonly name = 'openalex';

  constructor(
    private readonly db: Db,
    private readonly options: OpenAlexOptions,
  ) {}

  async search(query: LiteratureQuery): Promise<ScoredWork[]> {
    const url = openAlexWorksUrl(this.options, query);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new OpenAlexError(`OpenAlex did not answer: ${String(error)}`);
    }
    if (!response.ok) throw new OpenAlexError(`OpenAlex answered ${response.status}`);
    const body = (await response.json()) as { results?: unknown[] };
    const results = Array.isArray(body.results) ? body.results : [];
    const converted = results.flatMap((raw) => {
      const conversion = openAlexToRecord(raw);
      if (!conversion.ok) return [];
      const score = (raw as { relevance_score?: unknown }).relevance_score;
      return [
        { work: recordToWork(conversion.record), score: typeof score === 'number' ? score : 0 },
      ];
    });
    const stored = await upsertWorks(
      this.db,
      converted.map((entry) => entry.work),
      'openalex',
    );
    return stored.map((work, index) => ({
      ...work,
      similarity_score: converted[index]?.score ?? 0,
    }));
  }
}
