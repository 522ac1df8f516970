import type { Client, Types } from '@opensearch-project/opensearch';
import type { LiteratureQuery } from '../providers/literature-provider';
import { indexedTypesFor } from '../search/query/search-filters';
import { sourceTerms } from '../sources/source-query';

const FIELDS = ['title^2', 'abstract'];

export type WorksSearchBody = NonNullable<NonNullable<Parameters<Client['search']>[0]>['body']>;

function phrase(text: string): Types.Common_QueryDsl.QueryContainer {
  return { multi_match: { query: text, type: 'phrase' as const, fields: FIELDS } };
}

/** The year bounds, which works without a year pass unless undated works are excluded. */
function yearFilter(query: LiteratureQuery): Types.Common_QueryDsl.QueryContainer | null {
  const bounded = query.yearStart !== null || query.yearEnd !== null;
  const dated: Types.Common_QueryDsl.QueryContainer = bounded
    ? {
        range: {
          published_year: {
            ...(query.yearStart !== null ? { gte: query.yearStart } : {}),
            ...(query.yearEnd !== null ? { lte: query.yearEnd } : {}),
          },
        },
      }
    : { exists: { field: 'published_year' } };
  if (!query.includeUndated) return dated;
  if (!bounded) return null;
  const undated = { bool: { must_not: [{ exists: { field: 'published_year' } }] } };
  return { bool: { should: [dated, undated], minimum_should_match: 1 } };
}

/**
 * BM25 over titles (weighted twice, like the local BM25F) and abstracts with the local
 * engine's semantics: ranking words should match, quoted phrases, +words and include text
 * must, -words and exclude text must not; years, citations and types are filters (which do
 * not score). A hybrid query wraps this `bool` beside a k-NN clause.
 */
export function worksQuery(query: LiteratureQuery): WorksSearchBody {
  const terms = sourceTerms(query);
  const must = terms.required.map(phrase);
  const should =
    terms.ranking.length > 0
      ? [
          {
            multi_match: {
              query: terms.ranking.join(' '),
              type: 'most_fields' as const,
              fields: FIELDS,
            },
          },
        ]
      : [];
  const filter: Types.Common_QueryDsl.QueryContainer[] = [];
  const years = yearFilter(query);
  if (years) filter.push(years);
  if (query.minCitations > 0) {
    filter.push({ range: { is_referenced_by_count: { gte: query.minCitations } } });
  }
  if (query.documentTypes.length > 0) {
    filter.push({ terms: { category: indexedTypesFor(query.documentTypes) } });
  }
  return {
    size: query.limit,
    track_total_hits: false,
    query: {
      bool: {
        must,
        should,
        must_not: terms.excluded.map(phrase),
        filter,
        ...(must.length === 0 ? { minimum_should_match: 1 } : {}),
      },
    },
  };
}
