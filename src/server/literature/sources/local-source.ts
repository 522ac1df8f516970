import { setImmediate } from 'node:timers/promises';
import type { LocalSearchIndex } from '../local-search-index';
import type { LiteratureQuery } from '../providers/literature-provider';
import type { SearchHit } from '../search/bm25-index';
import { rowToWork } from '../store/work-row';
import type { LiteratureSource, SourceAnswer } from './literature-source';

/**
 * This server's library: the works store through its BM25F index. Asked twice, with and
 * without the document-type filter and the exclusion of undated works, so the federation can
 * also count what those filters hide without the hidden works crowding the wanted ones out of
 * the page.
 */
export class LocalSource implements LiteratureSource {
  readonly id = 'local';
  readonly label = "this server's library";

  constructor(private readonly index: LocalSearchIndex) {}

  async search(query: LiteratureQuery): Promise<SourceAnswer> {
    const request = {
      query: query.q,
      includeText: query.includeText,
      excludeText: query.excludeText,
      yearStart: query.yearStart,
      yearEnd: query.yearEnd,
      minCitations: query.minCitations,
      limit: query.limit,
      viewer: query.viewerId,
    };
    const wanted = await this.index.search({
      ...request,
      documentTypes: query.documentTypes,
      includeUndated: query.includeUndated,
    });
    const needsAll = query.documentTypes.length > 0 || !query.includeUndated;
    // Ranking is synchronous: between the two, requests waiting on the event loop (other
    // searches' rows, new requests) go first, so one search does not hold everyone's tail.
    if (needsAll) await setImmediate();
    const all = needsAll
      ? await this.index.search({ ...request, documentTypes: [], includeUndated: true })
      : [];
    const seen = new Set<SearchHit['docId']>();
    const hits = [...wanted, ...all].filter((hit) => !seen.has(hit.docId) && seen.add(hit.docId));
    const rows = await this.index.rows.findVisible(
      query.viewerId,
      hits.map((hit) => Number(hit.docId)),
    );
    const byDocId = new Map(rows.map((row) => [row.docId, row]));
    const found = hits.flatMap((hit) => {
      const row = byDocId.get(Number(hit.docId));
      return row ? [{ work: rowToWork(row), score: hit.score }] : [];
    });
    return {
      works: found.map((entry) => entry.work),
      scores: found.map((entry) => entry.score),
      stored: true,
      size: this.index.sizeVisibleTo(query.viewerId),
    };
  }
}
