/**
 * The canonical stored article (spec 000 §3 "Article / reference", 002 §3 "Reference paper" and
 * "Citation passed to the editor"). Field names follow the spec's API payloads, hence the
 * snake_case metadata next to the camelCase `refId`.
 *
 * Every field is present; an unknown value is `null` (or an empty list), never `undefined`, so the
 * object survives a JSON round trip unchanged and maps onto database columns one to one.
 */
export interface Work {
  /** 'ref_' plus 8 lowercase letters or digits, stable per work (see ref-id.ts). */
  refId: string;
  /** The source identifier: the DOI when there is one, else the source's own id, else the refId. */
  id: string;
  /** Normalised DOI (lowercase, no resolver prefix) or 'arxiv:<id>'; see doi.ts. */
  doi: string | null;
  title: string;
  /**
   * Crossref-style type such as 'journal-article', 'proceedings-article', 'book-chapter' or 'web'
   * (see WORK_TYPES). Kept as a plain string: the search index may send types we do not know yet.
   */
  type: string;
  /** Display names, one per author, in order. The payload marker 'web' becomes an empty list. */
  authors: string[];
  published_year: number | null;
  published_month: number | null;
  published_day: number | null;
  /** Journal, proceedings or book the work appeared in. */
  container_title: string | null;
  /** Where the record came from or the venue as the search index names it. */
  source: string | null;
  volume: string | null;
  issue: string | null;
  page: string | null;
  publisher: string | null;
  /** JATS-style XML as delivered by the index; render it, never trust it as HTML. */
  abstract: string | null;
  /** Link to the article's landing page as given by the search index. */
  hyperlink: string | null;
  /** The address of a web source (and the dedupe key for those, spec 000 §9). */
  url: string | null;
  subjects: string[];
  subjects_str: string | null;
  is_referenced_by_count: number | null;
  issn: string[];
  isbn: string[];
  /** Link to a PDF of the work, when the index knows one. */
  pdf: string | null;
  /** The formatted reference-list text (APA unless said otherwise), once generated. */
  reference: string | null;
}

/** What the writing assistant attaches to one citation of a work (spec 000 §2.2). */
export interface CitationAnnotation {
  /** Search similarity: a cosine in [0, 1] or an unbounded rank score above 1 (see score.ts). */
  similarity_score: number | null;
  /** The model's confidence in [0, 1] that the abstract supports the claim. */
  certainty: number | null;
  reasoning: string | null;
  /** The sentence of the abstract that best supports the claim, to highlight; null if none. */
  evidence: string | null;
  /**
   * Which check gave `certainty`: 'model' (the model as judge, inside a priced write) or
   * 'lexical' (the offline check). Null or absent on citations stored before it was kept.
   */
  check_method?: CheckMethod | null;
  /**
   * The claim (citing sentence without its markers) the check judged. The stored verdict is the
   * citation's certainty until that sentence changes: a later check of the same claim does not
   * replace it (docs/ai-engine.md, 'One certainty per citation').
   */
  checked_claim?: string | null;
}

export type CheckMethod = 'model' | 'lexical';

/** A work as the editor and the reference modal hold it: the article plus why it was cited. */
export type CitedWork = Work & CitationAnnotation;

/** The types the product knows how to format; any other string is still accepted. */
export const WORK_TYPES = [
  'journal-article',
  'proceedings-article',
  'book-chapter',
  'book',
  'monograph',
  'edited-book',
  'reference-book',
  'reference-entry',
  'posted-content',
  'preprint',
  'dissertation',
  'report',
  'dataset',
  'standard',
  'web',
  'wikipedia',
  'article',
  'other',
] as const;

export type WorkType = (typeof WORK_TYPES)[number];

export const WEB_WORK_TYPE = 'web';

/** Web sources are cited and deduplicated by their address (spec 000 §5 and §9). */
export function isWebSource(work: Pick<Work, 'type'>): boolean {
  return work.type === WEB_WORK_TYPE;
}

/** A work with every optional field empty; handy to build works field by field. */
export function emptyWork(fields: Pick<Work, 'refId' | 'id' | 'title'>): Work {
  return {
    ...fields,
    doi: null,
    type: 'other',
    authors: [],
    published_year: null,
    published_month: null,
    published_day: null,
    container_title: null,
    source: null,
    volume: null,
    issue: null,
    page: null,
    publisher: null,
    abstract: null,
    hyperlink: null,
    url: null,
    subjects: [],
    subjects_str: null,
    is_referenced_by_count: null,
    issn: [],
    isbn: [],
    pdf: null,
    reference: null,
  };
}
