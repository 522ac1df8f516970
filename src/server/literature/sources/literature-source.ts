import type { Work } from '../../../shared/citations/work';
import type { LiteratureQuery } from '../providers/literature-provider';

/**
 * One place the federated search asks: the local store, an open scholarly API, a web search
 * engine or an OpenSearch cluster. A source answers works that are not stored yet (refId '');
 * the federation deduplicates, ranks and stores them.
 */
export interface LiteratureSource {
  /** Stable id used in configuration (`LITERATURE_SOURCES`) and in the search answer. */
  readonly id: string;
  /** How the References pane names it ('OpenAlex', "this server's library"). */
  readonly label: string;
  search(query: LiteratureQuery, signal: AbortSignal): Promise<SourceAnswer>;
}

export interface SourceAnswer {
  /** Best first, as the source ranked them. */
  works: Work[];
  /** Stored works already carry their refId; the federation does not store them again. */
  stored?: boolean;
  /** The source's own scores (the library's): its order among its own works is kept. */
  scores?: number[];
  /** A note for the sources line, e.g. the size of the local library. */
  size?: number;
}
