import { registeredDoi } from '../../shared/citations/doi';

/** What a resolver is asked for: '10.', a registrant code, '/', printable characters. */
const RESOLVABLE_DOI = /^10\.\d{4,9}\/[^\s\p{Cc}]+$/u;
/** Path segments a URL parser resolves away ('.', '..', written plainly or percent-encoded). */
const DOT_SEGMENT = /^(\.|%2e){1,2}$/i;

/**
 * The resolver address of a normalised DOI or arXiv id, or null when the DOI cannot be sent as a
 * path on that resolver. Each segment is percent-encoded on its own: a DOI may hold '?', '#' or
 * '%', which must not end or change the path, while its slashes are part of the name and
 * doi.org expects them plain. A '.' or '..' segment is refused, since no encoding keeps a URL
 * parser from resolving it ('10.5555/../../works?rows=1' would reach another path of the
 * resolver host), and the built path is checked to be the one the request will use.
 *
 * @example doiResolverUrl('https://doi.org', '10.1038/a?b')?.href // 'https://doi.org/10.1038/a%3Fb'
 */
export function doiResolverUrl(baseUrl: string, doi: string): URL | null {
  const registered = registeredDoi(doi);
  if (!RESOLVABLE_DOI.test(registered)) return null;
  const segments = registered.split('/');
  if (segments.some((segment) => DOT_SEGMENT.test(segment))) return null;
  const base = new URL(baseUrl);
  const path = `${base.pathname.replace(/\/+$/, '')}/${segments.map(encodeURIComponent).join('/')}`;
  const url = new URL(path, base.origin);
  return url.pathname === path && url.search === '' && url.hash === '' ? url : null;
}
