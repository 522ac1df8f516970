/**
 * Which link targets may reach a page. A browser reads `java\tscript:` and `\u0001javascript:`
 * as `javascript:` (WHATWG URL parsing strips leading and trailing C0 controls and spaces and
 * removes ASCII tabs and newlines anywhere), so the scheme is judged on the URL as a browser
 * reads it, against an allow-list rather than a list of bad schemes.
 */

/** Schemes a link may use; a target without a scheme (relative, `#fragment`) is always allowed. */
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto', 'tel', 'ftp']);

/** Inline images markdown accepts as `data:` (markdown-it's own exception). */
const DATA_IMAGE = /^data:image\/(gif|png|jpeg|webp);/;

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** The URL a browser would parse: C0 controls and spaces trimmed, tabs and newlines removed. */
export function browserUrl(url: string): string {
  // eslint-disable-next-line no-control-regex -- the C0 range is exactly what WHATWG trims.
  return url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
}

/** The lower-cased scheme a browser would read, or null for a relative target. */
export function urlScheme(url: string): string | null {
  const match = SCHEME.exec(browserUrl(url));
  return match ? (match[1] as string).toLowerCase() : null;
}

/** True when a link or image target is safe to store and render as an href or src. */
export function isSafeUrl(url: string): boolean {
  const scheme = urlScheme(url);
  if (scheme === null) return true;
  if (scheme === 'data') return DATA_IMAGE.test(browserUrl(url).toLowerCase());
  return ALLOWED_SCHEMES.has(scheme);
}

/**
 * The target an export (HTML, DOCX, LaTeX/PDF) links to, as a browser reads it: http(s) and
 * mailto only, plus `#fragment` where the format has anchors; null when the text stays unlinked.
 */
export function exportableUrl(url: string, options: { fragment?: boolean } = {}): string | null {
  const read = browserUrl(url);
  if (options.fragment && read.startsWith('#')) return read;
  const scheme = urlScheme(read);
  return scheme === 'http' || scheme === 'https' || scheme === 'mailto' ? read : null;
}
