import { DOCUMENT_TYPES, type DocumentType } from '../../../shared/literature/search-filters';
import type { SearchHidden } from '../../../shared/literature/search-report';
import type { LiteratureQuery } from '../providers/literature-provider';
import { Bm25Index, MAX_RESULT_LIMIT } from '../search/bm25-index';
import {
  categoriesOfIndexedType,
  indexedTypeOf,
  indexedTypesFor,
} from '../search/query/search-filters';
import type { MergedCandidate } from './merge-candidates';

export interface RankedCandidate extends MergedCandidate {
  /** BM25F over the candidates' titles and abstracts: comparable whichever source found it. */
  score: number;
}

export interface Rescored {
  ranked: RankedCandidate[];
  hidden: SearchHidden[];
}

const TAGS = /<[^>]*>/g;

/**
 * Ranks the merged candidates with Scriptor's own BM25F, in a small index built over just
 * them, and applies the user's filters there with the local engine's exact semantics
 * (phrases, required and excluded words, years, citations, types), whatever each source could
 * or could not filter itself. Candidates that pass the filters but share no ranking word with
 * the query (a semantic match from Semantic Scholar) follow, in fused order. Also counts, per
 * document type the filter turned off, the candidates that type would add.
 */
export function rescore(candidates: MergedCandidate[], query: LiteratureQuery): Rescored {
  const index = new Bm25Index();
  const types = candidates.map((candidate) =>
    indexedTypeOf({
      type: candidate.work.type,
      doi: candidate.work.doi,
      containerTitle: candidate.work.container_title,
    }),
  );
  candidates.forEach((candidate, docId) => {
    index.add({
      docId,
      title: candidate.work.title,
      abstract: candidate.work.abstract?.replace(TAGS, ' ') ?? null,
      year: candidate.work.published_year,
      citations: candidate.work.is_referenced_by_count,
      type: types[docId],
    });
  });
  const filters = {
    includeText: query.includeText,
    excludeText: query.excludeText,
    yearStart: query.yearStart,
    yearEnd: query.yearEnd,
    minCitations: query.minCitations,
    limit: MAX_RESULT_LIMIT,
  };
  const allowedTypes = indexedTypesFor(query.documentTypes);
  const passing = new Set(
    index.search({ ...filters, query: '', documentTypes: allowedTypes }).map((hit) => hit.docId),
  );
  const scores = new Map(
    index
      .search({ ...filters, query: query.q, documentTypes: allowedTypes })
      .map((hit) => [hit.docId, hit.score]),
  );
  // A single source's own scores stand: the local engine's come from the whole library's statistics.
  const ownScores = candidates.every((candidate) => candidate.sourceScore !== null);
  const ranked = [...passing]
    .map((docId) => {
      const candidate = candidates[docId as number]!;
      const score = ownScores ? candidate.sourceScore! : (scores.get(docId) ?? 0);
      return { ...candidate, score };
    })
    .sort((a, b) => b.score - a.score || b.fused - a.fused);
  return { ranked, hidden: hiddenByType(index, filters, passing, types, query.documentTypes) };
}

function hiddenByType(
  index: Bm25Index,
  filters: Parameters<Bm25Index['search']>[0],
  shown: Set<number | string>,
  types: string[],
  enabled: DocumentType[],
): SearchHidden[] {
  if (enabled.length === 0) return [];
  const counts = new Map<DocumentType, number>();
  for (const hit of index.search({ ...filters, query: '', documentTypes: [] })) {
    if (shown.has(hit.docId)) continue;
    for (const category of categoriesOfIndexedType(types[hit.docId as number]!)) {
      if (enabled.includes(category)) continue;
      counts.set(category, (counts.get(category) ?? 0) + 1);
    }
  }
  return DOCUMENT_TYPES.flatMap((type) => {
    const count = counts.get(type) ?? 0;
    return count > 0 ? [{ type, count }] : [];
  });
}
