import { InvalidDoiError, parseDoi } from '../../shared/citations/doi';
import type { OutboundBudget } from '../net/outbound/outbound-budget';
import { OutboundError, type OutboundFailure } from '../net/outbound/outbound-error';
import type { OutboundHttp, OutboundResponse } from '../net/outbound/outbound-http';
import { doiResolverUrl } from './doi-resolver-url';

/**
 * DOI content negotiation (https://citation.crosscite.org/docs.html): the public resolver formats
 * a reference itself when asked for text/x-bibliography. Spec 000 §7 uses it as the first
 * fallback when our own record of a work is missing.
 */
export const DEFAULT_DOI_RESOLVER = 'https://doi.org';
export const DEFAULT_NEGOTIATION_TIMEOUT_MS = 5_000;
/** A formatted reference is a line or two; anything far longer is not one. */
const MAX_REFERENCE_BYTES = 32 * 1024;

export interface DoiNegotiationOptions {
  /** The server's outbound helper: it follows the resolver's redirects to public hosts only. */
  outbound: OutboundHttp;
  /** Resolver base URL; tests and air-gapped installs point this elsewhere. */
  baseUrl?: string;
  /** The API request's share of outbound requests. */
  budget?: OutboundBudget;
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
  | 'refused'
  | 'limit-reached'
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

const REASONS: Record<OutboundFailure, DoiNegotiationFailure> = {
  'refused-address': 'refused',
  'refused-url': 'refused',
  'too-many-redirects': 'refused',
  'limit-reached': 'limit-reached',
  'too-large': 'not-a-bibliography',
  'unexpected-content-type': 'not-a-bibliography',
  timeout: 'timeout',
  aborted: 'aborted',
  unreachable: 'network-error',
};

/**
 * Asks the resolver for a formatted reference. Never throws: every failure comes back as a
 * typed result whose message uses the wording of spec 000 §8 where it has one.
 *
 * @example await negotiateDoiReference('10.1038/nature14539', { outbound })
 * // { ok: true, doi: '10.1038/nature14539', reference: 'LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. …' }
 */
export async function negotiateDoiReference(
  input: string,
  options: DoiNegotiationOptions,
): Promise<DoiNegotiationResult> {
  const doi = parseDoi(input);
  const url = doi === null ? null : doiResolverUrl(options.baseUrl ?? DEFAULT_DOI_RESOLVER, doi);
  if (doi === null || url === null) {
    return failure(doi ?? input.trim(), 'invalid-doi', null, new InvalidDoiError(input).message);
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_NEGOTIATION_TIMEOUT_MS;
  let response: OutboundResponse;
  try {
    response = await options.outbound.request(url, {
      headers: {
        accept: `text/x-bibliography; style=${options.style ?? 'apa'}; locale=${options.locale ?? 'en-US'}`,
      },
      // A registrar without content negotiation redirects to its landing page (HTML) instead.
      accept: ['text/x-bibliography'],
      signal: options.signal,
      timeoutMs,
      maxBytes: MAX_REFERENCE_BYTES,
      budget: options.budget,
    });
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    return failure(doi, REASONS[error.failure], null, messageFor(error, timeoutMs));
  }

  if (response.status === 404) return failure(doi, 'not-found', 404, `${doi} not found`);
  if (response.body === null) {
    return failure(
      doi,
      'http-error',
      response.status,
      `Citation request failed with status ${response.status}`,
    );
  }
  const reference = response.body.replace(/\s+/g, ' ').trim();
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

function messageFor(error: OutboundError, timeoutMs: number): string {
  if (error.failure === 'timeout') return `Citation request timed out after ${timeoutMs} ms`;
  if (error.failure === 'aborted') return 'Citation request was cancelled';
  if (error.failure === 'limit-reached') return error.message;
  if (error.failure === 'unexpected-content-type' || error.failure === 'too-large') {
    return `Citation service did not answer with a formatted reference: ${error.message}`;
  }
  return `Citation request failed: ${error.message}`;
}

function failure(
  doi: string,
  reason: DoiNegotiationFailure,
  status: number | null,
  message: string,
): DoiNegotiationResult {
  return { ok: false, doi, reason, status, message };
}
