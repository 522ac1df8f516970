import { emptyWork, type Work } from '../../../shared/citations/work';
import { indexedTypeOf } from '../search/query/search-filters';

/**
 * The OpenSearch index of works. Titles and abstracts are analysed with the `english` analyzer
 * (stemming, stop words) as the local engine does; every filter field is a keyword or number.
 * A hybrid search adds a `knn_vector` field (`embedding`) to this mapping and a k-NN clause
 * to the query (see docs/literature-federation.md); nothing here has to change for it.
 */
export const WORKS_INDEX_MAPPING = {
  settings: {
    index: { number_of_shards: 1, number_of_replicas: 0, refresh_interval: '30s' },
  },
  mappings: {
    dynamic: false,
    properties: {
      id: { type: 'keyword' },
      doi: { type: 'keyword' },
      title: { type: 'text', analyzer: 'english' },
      abstract: { type: 'text', analyzer: 'english' },
      authors: { type: 'text' },
      type: { type: 'keyword' },
      category: { type: 'keyword' },
      published_year: { type: 'integer' },
      is_referenced_by_count: { type: 'integer' },
      container_title: { type: 'text' },
    },
  },
} as const;

/** The stored document: the whole Work (so a hit needs no second lookup) plus `category`. */
export type WorkDocument = Omit<Work, 'refId' | 'reference'> & { category: string };

export function workDocument(work: Work): WorkDocument {
  const { refId: _refId, reference: _reference, ...fields } = work;
  return {
    ...fields,
    category: indexedTypeOf({
      type: work.type,
      doi: work.doi,
      containerTitle: work.container_title,
    }),
  };
}

/** A hit's `_source` back as a work not stored yet (unknown fields take their empty value). */
export function documentWork(source: unknown): Work | null {
  if (typeof source !== 'object' || source === null) return null;
  const document = source as Partial<WorkDocument>;
  if (typeof document.id !== 'string' || typeof document.title !== 'string') return null;
  const base = emptyWork({ refId: '', id: document.id, title: document.title });
  const known = Object.fromEntries(
    Object.entries(document).filter(([key, value]) => key in base && value !== undefined),
  );
  return { ...base, ...known, refId: '', reference: null };
}
