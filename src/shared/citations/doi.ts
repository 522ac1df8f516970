/**
 * DOI and arXiv identifier handling. Spec 000 §3: a work's doi "may begin 'arxiv:'", so both kinds
 * of identifier travel in the same field and are normalised here.
 */

/** Thrown for input that is neither a DOI nor an arXiv id; the message says what was expected. */
export class InvalidDoiError extends Error {
  constructor(readonly input: string) {
    super(
      `Invalid DOI "${input}": expected a DOI such as 10.1038/nature14539 ` +
        'or an arXiv id such as arxiv:1706.03762',
    );
    this.name = 'InvalidDoiError';
  }
}

// The DOI handbook only fixes the "10." prefix and a slash; Crossref's own check wants 4-9 digits
// in the registrant code, which also keeps typos such as "10.1/x" out.
const DOI_PATTERN = /^10\.\d{4,9}\/\S+$/;
const NEW_ARXIV_ID = /^\d{4}\.\d{4,5}(v\d+)?$/;
const OLD_ARXIV_ID = /^[a-z-]+(\.[a-z]{2})?\/\d{7}(v\d+)?$/i;

const RESOLVER_PREFIX = /^(https?:\/\/)?(dx\.)?doi\.org\//i;
const DOI_LABEL = /^doi:\s*/i;
const ARXIV_LABEL = /^arxiv:\s*/i;
const ARXIV_URL = /^(https?:\/\/)?(www\.)?arxiv\.org\/(abs|pdf)\//i;

/** arXiv registers a DataCite DOI for every paper under this prefix. */
const ARXIV_DOI_PREFIX = '10.48550/arxiv.';

/**
 * Normalises a DOI or arXiv id: strips resolver URLs and 'doi:' labels, lowercases DOIs (they are
 * case-insensitive by definition) and writes arXiv ids as 'arxiv:<id>'. Throws InvalidDoiError.
 *
 * @example normalizeDoi('https://doi.org/10.1038/NATURE14539') // '10.1038/nature14539'
 * @example normalizeDoi('arXiv:1706.03762v5') // 'arxiv:1706.03762v5'
 */
export function normalizeDoi(input: string): string {
  const result = parseDoi(input);
  if (result === null) throw new InvalidDoiError(input);
  return result;
}

/** Like normalizeDoi, but answers null instead of throwing. */
export function parseDoi(input: string): string | null {
  const text = input.trim();
  const arxiv = arxivIdOf(text);
  if (arxiv !== null) return `arxiv:${arxiv}`;

  let doi = text.replace(RESOLVER_PREFIX, '').replace(DOI_LABEL, '');
  // Resolver URLs are often copied percent-encoded (10.1002%2Fabc); the DOI itself never is.
  if (doi !== text && doi.includes('%')) doi = safeDecode(doi);
  doi = doi.toLowerCase();
  return DOI_PATTERN.test(doi) ? doi : null;
}

export function isDoi(input: string): boolean {
  return parseDoi(input) !== null;
}

/** True for a normalised 'arxiv:<id>' value. */
export function isArxivId(doi: string): boolean {
  return ARXIV_LABEL.test(doi) && arxivIdOf(doi) !== null;
}

/** The bare arXiv id ('1706.03762') of an 'arxiv:' value, a DataCite arXiv DOI or an arXiv URL. */
export function arxivIdOf(input: string): string | null {
  const text = input.trim();
  let candidate: string | null = null;
  if (ARXIV_LABEL.test(text)) candidate = text.replace(ARXIV_LABEL, '');
  else if (ARXIV_URL.test(text)) candidate = text.replace(ARXIV_URL, '').replace(/\.pdf$/i, '');
  else {
    const doi = text.replace(RESOLVER_PREFIX, '').replace(DOI_LABEL, '');
    if (doi.toLowerCase().startsWith(ARXIV_DOI_PREFIX)) {
      candidate = doi.slice(ARXIV_DOI_PREFIX.length);
    }
  }
  if (candidate === null) return null;
  if (NEW_ARXIV_ID.test(candidate)) return candidate;
  // Old-style ids carry an archive name ('hep-th/9901001'); arXiv writes those in lowercase.
  if (OLD_ARXIV_ID.test(candidate)) return candidate.toLowerCase();
  return null;
}

/**
 * The DOI a resolver knows: arXiv ids become their DataCite DOI so that doi.org content
 * negotiation and 'https://doi.org/' links work for preprints too.
 */
export function registeredDoi(doi: string): string {
  const arxiv = isArxivId(doi) ? arxivIdOf(doi) : null;
  // DataCite mints arXiv DOIs without the version suffix.
  return arxiv === null ? doi : `10.48550/arXiv.${arxiv.replace(/v\d+$/, '')}`;
}

/** The https://doi.org link for a normalised DOI or arXiv id. */
export function doiUrl(doi: string): string {
  return `https://doi.org/${registeredDoi(doi)}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
