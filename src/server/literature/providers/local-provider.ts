import type { LocalSearchIndex } from '../local-search-index';
import { rowToWork } from '../store/work-row';
import type {
  LiteratureProvider,
  LiteratureQuery,
  ScoredWork,
  SearchAnswer,
} from './literature-provider';

/** Searches the works store through the in-memory BM25F index. */
export class LocalLiteratureProvider implements LiteratureProvider {
  readonly name = 'local';

  constructor(private readonly index: LocalSearchIndex) {}

  async search(query: LiteratureQuery): Promise<ScoredWork[]> {
    const hits = await this.index.search({
      query: query.q,
      includeText: query.includeText,
      excludeText: query.excludeText,
      yearStart: query.yearStart,
      yearEnd: query.yearEnd,
      includeUndated: query.includeUndated,
      minCitations: query.minCitations,
      documentTypes: query.documentTypes,
      limit: query.limit,
      viewer: query.viewerId,
    });
    const rows = await this.index.rows.findVisible(
      query.viewerId,
      hits.map((hit) => Number(hit.docId)),
    );
    const byDocId = new Map(rows.map((row) => [row.docId, row]));
    return hits.flatMap((hit) => {
      const row = byDocId.get(Number(hit.docId));
      return row ? [{ ...rowToWork(row), similarity_score: hit.score }] : [];
    });
  }

  async answer(query: LiteratureQuery): Promise<SearchAnswer> {
    const results = await this.search(query);
    const local = {
      id: 'local',
      label: "this server's library",
      status: 'answered' as const,
      count: results.length,
      size: this.index.sizeVisibleTo(query.viewerId),
    };
    return { results, sources: [local], hidden: [] };
  }
}
