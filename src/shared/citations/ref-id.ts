import { parseAuthors } from './authors';
import { parseDoi } from './doi';
import { base36Digest8 } from './hash';
import { isWebSource, type Work } from './work';

/** Spec 002 §3 and §9: 'ref_' plus 8 letters or digits; ours are always lowercase. */
export const REF_ID_PATTERN = /^ref_[a-z0-9]{8}$/;
export const XREF_ID_PATTERN = /^xref_[a-z0-9]{8}$/;

export function isRefId(value: unknown): value is string {
  return typeof value === 'string' && REF_ID_PATTERN.test(value);
}

export function isXrefId(value: unknown): value is string {
  return typeof value === 'string' && XREF_ID_PATTERN.test(value);
}

/** The bibliography entry id of a work: ref_abc12345 → xref_abc12345. */
export function xrefIdFor(refId: string): string {
  if (!isRefId(refId)) throw new Error(`Not a reference id: "${refId}"`);
  return `x${refId}`;
}

/** The reference id a bibliography entry stands for: xref_abc12345 → ref_abc12345. */
export function refIdOfXref(xrefId: string): string {
  if (!isXrefId(xrefId)) throw new Error(`Not a bibliography entry id: "${xrefId}"`);
  return xrefId.slice(1);
}

export type DedupeSource = Pick<Work, 'type' | 'url' | 'id' | 'refId'> &
  Partial<Pick<Work, 'title' | 'published_year' | 'authors'>>;

/**
 * The key two copies of the same work share (spec 000 §9): the url for web sources, else the id
 * (a DOI is normalised first), else the refId. The kind is part of the key so that an id can
 * never collide with a url. Works with none of the three fall back to title, year and first
 * author's surname, so that even they get a stable key.
 */
export function dedupeKey(work: DedupeSource): string {
  const url = work.url?.trim();
  if (isWebSource(work) && url) return `url:${normalizeUrl(url)}`;
  const id = work.id?.trim();
  // Spec 002 §3: an id is "doi or refId"; an id that is a refId is that refId, not a source id.
  if (id && !isRefId(id)) return `id:${parseDoi(id) ?? id}`;
  const refId = id || work.refId?.trim();
  if (refId) return `ref:${refId}`;
  const title = (work.title ?? '').toLowerCase().replace(/\s+/g, ' ').trim();
  // The surname, not the raw string: 'Ludwig van Beethoven' and 'van Beethoven, L.' are one author.
  const [firstAuthor] = parseAuthors(work.authors ?? []);
  const surname = firstAuthor?.family.toLowerCase() ?? '';
  return `work:${title}|${work.published_year ?? ''}|${surname}`;
}

/**
 * The refId of a work, derived deterministically from its dedupe key so that the same article
 * gets the same id in every paper and after every import. A work whose only identity is its
 * refId keeps it.
 */
export function refIdFor(work: DedupeSource): string {
  const key = dedupeKey(work);
  const existing = key.startsWith('ref:') ? key.slice('ref:'.length) : null;
  return isRefId(existing) ? existing : refIdFromKey(key);
}

/** 'ref_' plus the 8-character digest of a dedupe key. */
export function refIdFromKey(key: string): string {
  return `ref_${base36Digest8(key)}`;
}

// Only what is certainly the same address is merged: the URL parser lowercases the host and
// scheme and drops the fragment; paths and queries stay as given.
function normalizeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.href;
  } catch {
    return url;
  }
}
