import type { CategoryCodes } from '../category-codes';
import type { OwnerCodes } from '../owner-codes';
import type { DocColumns } from '../doc-table';

/**
 * Metadata filters, applied while candidates are collected (not after the top k is cut), so a
 * restrictive filter still fills the page with matching documents.
 */
export interface SearchFilters {
  /** Inclusive; documents without a year pass the bounds unless includeUndated is false. */
  yearStart?: number | null;
  yearEnd?: number | null;
  /** Absent or true: documents without a year pass. False: they are left out. */
  includeUndated?: boolean | null;
  /** Inclusive lower bound; unknown counts are 0. */
  minCitations?: number | null;
  /** Allowed type names as indexed (see documentTypeCategory); empty or absent allows all. */
  documentTypes?: readonly string[] | null;
  /**
   * Who is searching: documents indexed with an owner are seen by that owner only; documents
   * without one by everybody. Absent or null sees only documents without an owner.
   */
  viewer?: string | null;
}

export interface CompiledFilter {
  readonly checkYear: boolean;
  readonly includeUndated: boolean;
  readonly yearMin: number;
  readonly yearMax: number;
  readonly minCitations: number;
  /** 256 flags by type code, or null for "any type". */
  readonly allowedTypes: Uint8Array | null;
  /** The viewer's owner code, or -1 when the viewer owns nothing in the index. */
  readonly viewerCode: number;
}

function isSet(value: number | null | undefined): value is number {
  return value !== null && value !== undefined && Number.isFinite(value);
}

export function compileFilter(
  filters: SearchFilters,
  types: CategoryCodes,
  owners: OwnerCodes,
): CompiledFilter {
  const includeUndated = filters.includeUndated !== false;
  const checkYear = isSet(filters.yearStart) || isSet(filters.yearEnd) || !includeUndated;
  let allowedTypes: Uint8Array | null = null;
  if (filters.documentTypes && filters.documentTypes.length > 0) {
    allowedTypes = new Uint8Array(256);
    for (const name of filters.documentTypes) {
      const code = types.lookup(name);
      if (code !== undefined) allowedTypes[code] = 1;
    }
  }
  return {
    checkYear,
    includeUndated,
    yearMin: isSet(filters.yearStart) ? filters.yearStart : -Infinity,
    yearMax: isSet(filters.yearEnd) ? filters.yearEnd : Infinity,
    minCitations: isSet(filters.minCitations) ? filters.minCitations : 0,
    allowedTypes,
    viewerCode: filters.viewer ? (owners.lookup(filters.viewer) ?? -1) : -1,
  };
}

/** Whether the document at `ordinal` passes the metadata filter (liveness is checked apart). */
export function passesFilter(
  filter: CompiledFilter,
  columns: DocColumns,
  ordinal: number,
): boolean {
  const owner = columns.owners[ordinal]!;
  if (owner !== 0 && owner !== filter.viewerCode) return false;
  if (filter.checkYear) {
    const year = columns.years[ordinal]!;
    // Year 0 is 'unknown': such a work is not outside any range, only excluded on request.
    if (year === 0) {
      if (!filter.includeUndated) return false;
    } else if (year < filter.yearMin || year > filter.yearMax) return false;
  }
  if (columns.citations[ordinal]! < filter.minCitations) return false;
  if (filter.allowedTypes !== null && filter.allowedTypes[columns.typeCodes[ordinal]!] !== 1) {
    return false;
  }
  return true;
}

/** The document-type choices of the search filter dialog. */
export const DOCUMENT_TYPE_CATEGORIES = ['article', 'preprint', 'wikipedia', 'rmv', 'web'] as const;
export type DocumentTypeCategory = (typeof DOCUMENT_TYPE_CATEGORIES)[number];

const PREPRINT_TYPES = new Set(['preprint', 'posted-content']);
const WEB_TYPES = new Set(['web', 'webpage', 'website']);

/**
 * Maps a source's work type (Crossref or OpenAlex vocabulary) to the filter dialog's category;
 * index documents with this as `type` so the documentTypes filter matches the dialog.
 */
export function documentTypeCategory(type: string | null | undefined): DocumentTypeCategory {
  const normal = (type ?? '').trim().toLowerCase();
  if (PREPRINT_TYPES.has(normal)) return 'preprint';
  if (WEB_TYPES.has(normal)) return 'web';
  if (normal === 'wikipedia') return 'wikipedia';
  if (normal === 'rmv') return 'rmv';
  return 'article';
}

/**
 * The index's type for a work: its category, except that a preprint which names its journal
 * (a journal DOI or journal reference) is filed under both preprints and articles.
 */
export const PUBLISHED_PREPRINT = 'preprint+article';

export function indexedTypeOf(work: {
  type: string | null | undefined;
  doi: string | null | undefined;
  containerTitle: string | null | undefined;
}): string {
  const category = documentTypeCategory(work.type);
  if (category !== 'preprint') return category;
  const journalDoi = work.doi !== null && work.doi !== undefined && !work.doi.startsWith('arxiv:');
  return journalDoi || (work.containerTitle ?? '').trim() !== '' ? PUBLISHED_PREPRINT : category;
}

/** The categories an indexed type answers to in the filter dialog. */
export function categoriesOfIndexedType(type: string): DocumentTypeCategory[] {
  return type === PUBLISHED_PREPRINT ? ['article', 'preprint'] : [type as DocumentTypeCategory];
}

/** The index types a documentTypes filter allows (empty stays empty: every type). */
export function indexedTypesFor(documentTypes: readonly string[]): string[] {
  const wantsPublished = documentTypes.includes('article') || documentTypes.includes('preprint');
  return wantsPublished ? [...documentTypes, PUBLISHED_PREPRINT] : [...documentTypes];
}
