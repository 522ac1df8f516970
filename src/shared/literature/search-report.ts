import type { DocumentType } from './search-filters';

/**
 * What POST /api/search reports beside its results (an addition to spec 002 §7's {results}):
 * which sources answered, and how many matches the document-type filter hid.
 */
export type SourceStatus =
  | 'answered'
  | 'timeout'
  | 'unreachable'
  | 'failed'
  | 'rate-limited'
  | 'cached'
  | 'not-allowed'
  /** Not waited for: the answer of stage 'library' (the complete answer follows). */
  | 'pending';

export interface SearchSourceReport {
  id: string;
  label: string;
  status: SourceStatus;
  /** Works this source contributed (before the merge), when it answered. */
  count: number;
  /** The local library's size, for "this server's library (21,000 works)". */
  size?: number;
}

export interface SearchHidden {
  /** A document type the filters turned off, or 'undated': works without a known year. */
  type: DocumentType | 'undated';
  count: number;
}

const ANSWERED: ReadonlySet<SourceStatus> = new Set(['answered', 'cached']);

export function sourceAnswered(source: SearchSourceReport): boolean {
  return ANSWERED.has(source.status);
}
