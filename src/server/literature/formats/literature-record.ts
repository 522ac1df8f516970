/** The corpora the readers understand. */
export type LiteratureSource = 'arxiv' | 'openalex' | 'beir';

/**
 * One work, normalised across sources. Field names follow the reference/citation vocabulary of
 * the spec (container_title, is_referenced_by_count) so mapping to the app's Work is direct.
 * Unknown values are null (or empty lists), never empty strings.
 */
export interface LiteratureRecord {
  source: LiteratureSource;
  /** The source's own identifier: arXiv id, OpenAlex W-id, or BEIR _id. */
  sourceId: string;
  /** Bare lower-case DOI ("10.1234/abc"), without resolver prefix. */
  doi: string | null;
  title: string;
  authors: string[];
  abstract: string | null;
  year: number | null;
  month: number | null;
  day: number | null;
  /** Source vocabulary: "preprint" for arXiv, OpenAlex/Crossref types such as "journal-article". */
  type: string | null;
  container_title: string | null;
  publisher: string | null;
  volume: string | null;
  issue: string | null;
  page: string | null;
  subjects: string[];
  url: string | null;
  is_referenced_by_count: number | null;
}

/** Conversion outcome for one parsed line. */
export type RecordConversion =
  { ok: true; record: LiteratureRecord } | { ok: false; reason: string };

export function emptyRecord(source: LiteratureSource, sourceId: string, title: string) {
  const record: LiteratureRecord = {
    source,
    sourceId,
    doi: null,
    title,
    authors: [],
    abstract: null,
    year: null,
    month: null,
    day: null,
    type: null,
    container_title: null,
    publisher: null,
    volume: null,
    issue: null,
    page: null,
    subjects: [],
    url: null,
    is_referenced_by_count: null,
  };
  return record;
}
