import { OutboundError, type OutboundFailure } from '../../net/outbound/outbound-error';
import type { OutboundHttp, OutboundResponse } from '../../net/outbound/outbound-http';

/**
 * HTTP for source adapters, through the server's outbound helper (src/server/net/outbound): one
 * request with the caller's abort signal, a clear error for each way an API can fail
 * (unreachable, HTTP error, rate limit with its Retry-After, malformed body), so the federation
 * can report which source did not answer and why.
 */
export type SourceFailure = 'unreachable' | 'timeout' | 'http' | 'rate-limited' | 'malformed';

export class SourceError extends Error {
  constructor(
    readonly failure: SourceFailure,
    message: string,
    /** For 'rate-limited': how long the source asked us to wait, when it said. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'SourceError';
  }
}

/** Retry-After is either seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export interface SourceRequest {
  /** The server's outbound helper, which trusts the operator's configured source addresses. */
  outbound: OutboundHttp;
  signal: AbortSignal;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
}

/** The caller's signal is a source's real time limit (up to LITERATURE_SOURCE_TIMEOUT_MS). */
const SOURCE_REQUEST_MAX_MS = 120_000;
/** A page of 200 OpenAlex works with abstracts is about 2 MB. */
const SOURCE_MAX_BYTES = 20 * 1024 * 1024;

const FAILURES: Record<OutboundFailure, SourceFailure> = {
  'refused-address': 'unreachable',
  'refused-url': 'unreachable',
  'too-many-redirects': 'unreachable',
  'limit-reached': 'unreachable',
  unreachable: 'unreachable',
  timeout: 'timeout',
  aborted: 'timeout',
  'too-large': 'malformed',
  'unexpected-content-type': 'malformed',
};

async function send(
  label: string,
  url: URL,
  request: SourceRequest,
  accept: readonly string[],
): Promise<string> {
  let response: OutboundResponse;
  try {
    response = await request.outbound.request(url, {
      method: request.method ?? 'GET',
      headers: { 'user-agent': 'Scriptor (literature search)', ...request.headers },
      body: request.body,
      accept,
      signal: request.signal,
      timeoutMs: SOURCE_REQUEST_MAX_MS,
      maxBytes: SOURCE_MAX_BYTES,
    });
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    if (error.failure === 'timeout' || error.failure === 'aborted') {
      throw new SourceError('timeout', `${label} did not answer in time`);
    }
    throw new SourceError(FAILURES[error.failure], `${label}: ${error.message}`);
  }
  if (response.status === 429) {
    throw new SourceError(
      'rate-limited',
      `${label} is rate-limiting requests`,
      parseRetryAfter(response.headers.get('retry-after')),
    );
  }
  if (response.body === null) throw new SourceError('http', `${label} answered ${response.status}`);
  return response.body;
}

export async function fetchJson(label: string, url: URL, request: SourceRequest): Promise<unknown> {
  const text = await send(label, url, request, ['application/json', '+json']);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SourceError('malformed', `${label} answered something that is not JSON`);
  }
}

export async function fetchXml(label: string, url: URL, request: SourceRequest): Promise<string> {
  return send(label, url, request, ['application/xml', 'text/xml', '+xml']);
}

/** `base` + `path` whether or not the configured base URL ends with a slash. */
export function endpoint(base: string, path: string): URL {
  return new URL(path, base.endsWith('/') ? base : `${base}/`);
}
