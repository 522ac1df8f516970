import { parseName, type PersonName } from './person-name';

/**
 * The three author shapes of spec 000 §3: a list of strings, one string separated by ';' (spec
 * 002 §5 splits on '; '; a bare ';' is accepted too), or the marker 'web' for a web source
 * without named authors.
 */
export type AuthorsInput = readonly string[] | string | null | undefined;

export const WEB_AUTHORS_MARKER = 'web';

export function isWebAuthorsMarker(input: AuthorsInput): boolean {
  const only = typeof input === 'string' ? input : input?.length === 1 ? input[0] : undefined;
  return only?.trim().toLowerCase() === WEB_AUTHORS_MARKER;
}

/** The author strings in order, trimmed, blanks dropped; the 'web' marker gives no authors. */
export function splitAuthors(input: AuthorsInput): string[] {
  if (input === null || input === undefined || isWebAuthorsMarker(input)) return [];
  const list = typeof input === 'string' ? input.split(';') : input;
  return list.map((name) => name.replace(/\s+/g, ' ').trim()).filter((name) => name !== '');
}

/**
 * Structured names for any author shape.
 *
 * @example parseAuthors('Ludwig van Beethoven; Smith, J.')
 * // [{ family: 'van Beethoven', given: 'Ludwig', initials: 'L.', particle: 'van', ... },
 * //  { family: 'Smith', given: 'J.', initials: 'J.', particle: '', ... }]
 */
export function parseAuthors(input: AuthorsInput): PersonName[] {
  return splitAuthors(input).flatMap((text) => parseName(text) ?? []);
}
