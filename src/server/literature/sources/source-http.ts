/**
 * HTTP for source adapters: one request with the caller's abort signal, a clear error for each
 * way an API can fail (unreachable, HTTP error, rate limit with its Retry-After, malformed body),
 * so the federation can report which source did not answer and why.
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
  signal: AbortSignal;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
}

async function send(label: string, url: URL, request: SourceRequest): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? 'GET',
      headers: { 'user-agent': 'Scriptor (literature search)', ...request.headers },
      body: request.body,
      signal: request.signal,
    });
  } catch (error) {
    if (request.signal.aborted) throw new SourceError('timeout', `${label} did not answer in time`);
    throw new SourceError('unreachable', `${label} is unreachable: ${String(error)}`);
  }
  if (response.status === 429) {
    await response.body?.cancel();
    throw new SourceError(
      'rate-limited',
      `${label} is rate-limiting requests`,
      parseRetryAfter(response.headers.get('retry-after')),
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new SourceError('http', `${label} answered ${response.status}`);
  }
  return response;
}

async function readBody(label: string, response: Response, signal: AbortSignal) {
  try {
    return await response.text();
  } catch (error) {
    if (signal.aborted) throw new SourceError('timeout', `${label} did not answer in time`);
    throw new SourceError('unreachable', `${label} broke off its answer: ${String(error)}`);
  }
}

export async function fetchJson(label: string, url: URL, request: SourceRequest): Promise<unknown> {
  const response = await send(label, url, request);
  const text = await readBody(label, response, request.signal);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SourceError('malformed', `${label} answered something that is not JSON`);
  }
}

export async function fetchText(label: string, url: URL, request: SourceRequest): Promise<string> {
  const response = await send(label, url, request);
  return readBody(label, response, request.signal);
}

/** `base` + `path` whether or not the configured base URL ends with a slash. */
export function endpoint(base: string, path: string): URL {
  return new URL(path, base.endsWith('/') ? base : `${base}/`);
}
