/**
 * The subset of CSL-JSON (https://citeproc-js.readthedocs.io/en/latest/csl-json/markup.html)
 * that Work maps to and from.
 */
export interface CslName {
  family?: string;
  given?: string;
  'non-dropping-particle'?: string;
  'dropping-particle'?: string;
  suffix?: string;
  /** Organisations and other names that must not be split. */
  literal?: string;
}

export interface CslDate {
  'date-parts'?: (number | string)[][];
  raw?: string;
  literal?: string;
}

export interface CslItem {
  id: string;
  type: string;
  title?: string;
  author?: CslName[];
  editor?: CslName[];
  issued?: CslDate;
  accessed?: CslDate;
  'container-title'?: string;
  'collection-title'?: string;
  publisher?: string;
  'publisher-place'?: string;
  volume?: string;
  issue?: string;
  page?: string;
  number?: string;
  genre?: string;
  DOI?: string;
  URL?: string;
  ISSN?: string;
  ISBN?: string;
  abstract?: string;
  keyword?: string;
  note?: string;
  'citation-key'?: string;
  archive?: string;
  archive_location?: string;
}
