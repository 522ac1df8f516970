import { InvalidDoiError, parseDoi, registeredDoi } from '../../shared/citations/doi';

/**
 * DOI content negotiation (https://citation.crosscite.org/docs.html): the public resolver formats
 * a reference itself when asked for text/x-bibliography. Spec 000 §7 uses it as the first
 * fallback when our own record of a work is missing.
 */
export const DEFAULT_DOI_RESOLVER = 'https://doi.org';
export const DEFAULT_NEGOTIATION_TIMEOUT_MS = 5_000;

export interface DoiNegotiationOptions {
  /** Resolver base URL; tests and air-gapped installs point this elsewhere. */
  baseUrl?: string;
  /** Covers the whole exchange, redirects included. */
  timeoutMs?: number;
  /** CSL style name the resolver should use. */
  style?: string;
  locale?: string;
  /** Lets the caller cancel, e.g. when the client has gone away. */
  signal?: AbortSignal;
}

export type DoiNegotiationFailure =
  | 'invalid-doi'
  | 'not-found'
  | 'http-error'
  | 'timeout'
  | 'aborted'
  | 'network-error'
  | 'not-a-bibliography';

export type DoiNegotiationResult =
  | { ok: true; doi: string; reference: string }
  | {
      ok: false;
      doi: string;
      reason: DoiNegotiationFailure;
      /** The HTTP status when the resolver answered, else null. */
      status: number | null;
      message: string;
    };

/**
 * Asks the resolver for a formatted reference. Never throws: every failure comes back as a
 * typed result whose message uses the wording of spec 000 §8 where it has one.
 *
 * @example await negotiateDoiReference('10.1038/nature14539')
 * // { ok: true, doi: '10.1038/nature14539', reference: 'LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. …' }
 */
export async function negotiateDoiReference(
  input: string,
  options: DoiNegotiationOptions = {},
): Promise<DoiNegotiationResult> {
  const doi = parseDoi(input);
  if (doi === null) {
    return failure(input.trim(), 'invalid-doi', null, new InvalidDoiError(input).message);
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_NEGOTIATION_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const accept = `text/x-bibliography; style=${options.style ?? 'apa'}; locale=${options.locale ?? 'en-US'}`;

  const failed = (error: unknown, status: number | null): DoiNegotiationResult => {
    if (timeout.aborted) {
      return failure(doi, 'timeout', status, `Citation request timed out after ${timeoutMs} ms`);
    }
    if (options.signal?.aborted) {
      return failure(doi, 'aborted', status, 'Citation request was cancelled');
    }
    return failure(doi, 'network-error', status, `Citation request failed: ${describe(error)}`);
  };

  let response: Response;
  try {
    response = await fetch(resolverUrl(options.baseUrl ?? DEFAULT_DOI_RESOLVER, doi), {
      headers: { Accept: accept },
      redirect: 'follow',
      signal,
    });
  } catch (error) {
    return failed(error, null);
  }

  if (response.status === 404) return failure(doi, 'not-found', 404, `${doi} not found`);
  if (!response.ok) {
    return failure(
      doi,
      'http-error',
      response.status,
      `Citation request failed with status ${response.status}`,
    );
  }
  return readReference(doi, response, failed);
}

async function readReference(
  doi: string,
  response: Response,
  failed: (error: unknown, status: number | null) => DoiNegotiationResult,
): Promise<DoiNegotiationResult> {
  // A registrar without content negotiation redirects to the landing page instead.
  const contentType = response.headers.get('content-type') ?? '';
  if (/html|json|xml/i.test(contentType)) {
    await response.body?.cancel();
    return failure(
      doi,
      'not-a-bibliography',
      response.status,
      `Citation service answered with ${contentType} instead of a formatted reference`,
    );
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    return failed(error, response.status);
  }
  const reference = text.replace(/\s+/g, ' ').trim();
  if (reference === '') {
    return failure(
      doi,
      'not-a-bibliography',
      response.status,
      'Citation service answered with an empty reference',
    );
  }
  return { ok: true, doi, reference };
}

// Each path segment is encoded on its own: DOIs may hold '?', '#' or '<', but their slashes are
// part of the name and doi.org expects them unencoded.
function resolverUrl(baseUrl: string, doi: string): string {
  const path = registeredDoi(doi).split('/').map(encodeURIComponent).join('/');
  return `${baseUrl.replace(/\/+$/, '')}/${path}`;
}

function failure(
  doi: string,
  reason: DoiNegotiationFailure,
  status: number | null,
  message: string,
): DoiNegotiationResult {
  return { ok: false, doi, reason, status, message };
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
