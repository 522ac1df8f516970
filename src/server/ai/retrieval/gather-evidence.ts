import type { Work } from '../../../shared/citations/work';
import {
  enabledDocumentTypes,
  yearBounds,
  type SearchFilters,
} from '../../../shared/literature/search-filters';
import type {
  LiteratureProvider,
  LiteratureQuery,
  ScoredWork,
} from '../../literature/providers/literature-provider';

const PER_QUERY = 15;
/** Reciprocal-rank fusion constant: ranks from different queries and providers mix fairly. */
const RRF_K = 60;

/** A search for `viewerId`, who also sees the works they imported themselves. */
export function literatureQuery(
  q: string,
  filters: SearchFilters,
  limit: number,
  viewerId: string,
): LiteratureQuery {
  return {
    q,
    viewerId,
    includeText: filters.includeText,
    excludeText: filters.excludeText,
    ...yearBounds(filters.yearRange[0], filters.yearRange[1], filters.includeUndated),
    minCitations: filters.minCitations,
    documentTypes: enabledDocumentTypes(filters.documentTypes),
    limit,
  };
}

export type EvidenceLog = (message: string, detail?: Record<string, unknown>) => void;

/**
 * Searches every query with the user's filters and ranks the union by reciprocal-rank fusion,
 * one entry per work; a work without an abstract counts half, since the text is grounded in
 * abstracts. A failed query is logged and skipped; if all fail, the error is thrown.
 */
export async function gatherEvidence(
  provider: LiteratureProvider,
  queries: readonly string[],
  filters: SearchFilters,
  viewerId: string,
  log: EvidenceLog,
): Promise<ScoredWork[]> {
  const settled = await Promise.allSettled(
    queries.map((q) => provider.search(literatureQuery(q, filters, PER_QUERY, viewerId))),
  );
  const failures = settled.filter((result) => result.status === 'rejected');
  if (failures.length === settled.length && failures.length > 0) {
    throw (failures[0] as PromiseRejectedResult).reason;
  }
  for (const failure of failures) {
    log('literature query failed', { error: String((failure as PromiseRejectedResult).reason) });
  }
  const fused = new Map<string, { work: ScoredWork; score: number }>();
  for (const result of settled) {
    if (result.status !== 'fulfilled') continue;
    result.value.forEach((work, rank) => {
      const entry = fused.get(work.refId) ?? { work, score: 0 };
      entry.score += (work.abstract ? 1 : 0.5) / (RRF_K + rank + 1);
      fused.set(work.refId, entry);
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score).map((entry) => entry.work);
}

/**
 * Works the section already cites come first, so a rewrite may keep their citations. A cited
 * work the search did not find has no similarity score (null: shown as none, not as 0 %).
 */
export function withCitedWorks(
  cited: readonly Work[],
  found: readonly ScoredWork[],
): (Work & { similarity_score: number | null })[] {
  const scores = new Map(found.map((work) => [work.refId, work.similarity_score]));
  const citedIds = new Set(cited.map((work) => work.refId));
  return [
    ...cited.map((work) => ({ ...work, similarity_score: scores.get(work.refId) ?? null })),
    ...found.filter((work) => !citedIds.has(work.refId)),
  ];
}
