import type { Db } from '../../db/database';
import {
  fetchOpenAlexPage,
  openAlexWorksUrl,
  type OpenAlexOptions,
} from '../sources/openalex-source';
import { SourceError } from '../sources/source-http';
import { upsertWorks } from '../store/work-store';
import type {
  LiteratureProvider,
  LiteratureQuery,
  ScoredWork,
  SearchAnswer,
} from './literature-provider';

export class OpenAlexError extends Error {}

/**
 * OpenAlex alone (LITERATURE_PROVIDER=openalex): one page of the live works API, with the
 * document types sent as an OpenAlex filter. Results are upserted before they are returned,
 * so citing one works exactly like citing a bundled work.
 */
export class OpenAlexLiteratureProvider implements LiteratureProvider {
  readonly name = 'openalex';

  constructor(
    private readonly db: Db,
    private readonly options: OpenAlexOptions & { timeoutMs: number },
  ) {}

  async search(query: LiteratureQuery): Promise<ScoredWork[]> {
    const url = openAlexWorksUrl(this.options, query);
    let converted;
    try {
      const signal = AbortSignal.timeout(this.options.timeoutMs);
      converted = (await fetchOpenAlexPage(this.options.outbound, url, signal)).works;
    } catch (error) {
      if (error instanceof SourceError) throw new OpenAlexError(error.message);
      throw error;
    }
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

  async answer(query: LiteratureQuery): Promise<SearchAnswer> {
    const results = await this.search(query);
    return {
      results,
      sources: [{ id: 'openalex', label: 'OpenAlex', status: 'answered', count: results.length }],
      hidden: [],
    };
  }
}
