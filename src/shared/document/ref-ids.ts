/**
 * Reference ids (spec 000 §3, §5; 002 §9). Any `ref_` + ASCII letters/digits is a
 * reference id when parsing, so that ids from older papers or other tools still become
 * citations; ids the product mints are the canonical 8 lowercase alphanumerics, and only
 * those are stripped by "Remove all citations".
 *
 * The patterns carry no flags (a shared `g` regex would leak `lastIndex` between callers);
 * build `new RegExp(REF_ID_PATTERN.source, 'g')` where a global search is needed.
 */

export const REF_ID_PREFIX = 'ref_';

/** Bibliography markers prefix the reference id with an `x`: `[xref_abc12345] text`. */
export const BIBLIOGRAPHY_REF_PREFIX = 'xref_';

/** A reference id anywhere in a string. */
export const REF_ID_PATTERN = /ref_[A-Za-z0-9]+/;

/** The ids the product mints: `ref_` + 8 lowercase letters or digits. */
export const CANONICAL_REF_ID_PATTERN = /ref_[a-z0-9]{8}/;

const WHOLE_REF_ID = new RegExp(`^${REF_ID_PATTERN.source}$`);
const WHOLE_CANONICAL_REF_ID = new RegExp(`^${CANONICAL_REF_ID_PATTERN.source}$`);

/** True for `ref_` followed by one or more ASCII letters or digits, nothing else. */
export function isRefId(value: string): boolean {
  return WHOLE_REF_ID.test(value);
}

/** True for the product's own ids, e.g. `ref_a1b2c3d4`. */
export function isCanonicalRefId(value: string): boolean {
  return WHOLE_CANONICAL_REF_ID.test(value);
}
