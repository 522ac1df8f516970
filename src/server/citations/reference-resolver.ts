import { parseDoi } from '../../shared/citations/doi';
import type { Work } from '../../shared/citations/work';
import { negotiateDoiReference, type DoiNegotiationOptions } from './doi-content-negotiation';
import { fallbackReference } from './fallback-reference';
import { formatReference } from './format-apa';

export type ReferenceOrigin =
  'citation-js' | 'doi-negotiation' | 'fallback' | 'not-looked-up' | 'not-found';

export interface ResolvedReference {
  /** The normalised DOI, or the input as given when it was not a DOI; null without one. */
  doi: string | null;
  reference: string;
  origin: ReferenceOrigin;
}

export interface ResolveReferenceOptions {
  style?: string;
  locale?: string;
  negotiation: Omit<DoiNegotiationOptions, 'style' | 'locale'>;
}

/**
 * The reference text for one citation of POST /api/citation (spec 000 §7), best source first:
 * 1. citation-js over our stored record, when it knows enough to make a proper reference;
 * 2. the public DOI formatting service (APA, English);
 * 3. the generated arXiv-style or plain line from whatever we know;
 * 4. '{doi} not found' (spec 000 §8) when there is neither a record nor an answer, or
 *    '{doi} not looked up: …' when the request has used its share of DOI lookups.
 * Never throws.
 */
export async function resolveReference(
  input: { doi: string | null; work: Work | null },
  options: ResolveReferenceOptions,
): Promise<ResolvedReference> {
  const { work } = input;
  const rawDoi = input.doi ?? work?.doi ?? null;
  const doi = rawDoi === null ? null : (parseDoi(rawDoi) ?? rawDoi.trim());

  if (work !== null && isWellDescribed(work)) {
    const reference = tryFormat(work, options);
    if (reference !== null) return { doi, reference, origin: 'citation-js' };
  }
  if (doi !== null) {
    const negotiated = await negotiateDoiReference(doi, {
      ...options.negotiation,
      style: options.style ?? 'apa',
      locale: options.locale ?? 'en-US',
    });
    if (negotiated.ok) return { doi, reference: negotiated.reference, origin: 'doi-negotiation' };
    if (negotiated.reason === 'limit-reached' && work === null) {
      const reference = `${doi} not looked up: ${negotiated.message}`;
      return { doi, reference, origin: 'not-looked-up' };
    }
  }
  if (work !== null) return { doi, reference: fallbackReference(work), origin: 'fallback' };
  return { doi, reference: `${doi ?? 'Reference'} not found`, origin: 'not-found' };
}

// A title alone makes a poor APA entry; the DOI service usually knows more in that case.
function isWellDescribed(work: Work): boolean {
  return (
    work.title.trim() !== '' &&
    (work.authors.length > 0 || work.container_title !== null || work.publisher !== null)
  );
}

function tryFormat(work: Work, options: ResolveReferenceOptions): string | null {
  try {
    const reference = formatReference(work, { style: options.style, locale: options.locale });
    return reference === '' ? null : reference;
  } catch {
    // A malformed record or an unknown style: the next source may still succeed.
    return null;
  }
}
