import { Agent, fetch, type Dispatcher, type Headers, type Response } from 'undici';
import { classifyAddress } from './address-class';
import { guardedLookup, refusedHost } from './guarded-lookup';
import type { OutboundBudget } from './outbound-budget';
import { OutboundError } from './outbound-error';

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that may follow a redirect to another origin; keys and tokens stay with their host. */
const PORTABLE_HEADERS = new Set(['accept', 'accept-language', 'user-agent']);

// Connection pools only; which one a request uses is the policy below. The public pool's sockets
// connect to the address `guardedLookup` checked.
const publicOnly = new Agent({ connect: { lookup: guardedLookup } });
const operatorConfigured = new Agent();

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /**
   * The media types the caller can read: exact ('application/json') or a structured-syntax
   * suffix ('+json'). A successful answer of any other type is refused, never returned.
   */
  accept: readonly string[];
  /** The caller's cancellation, e.g. a search's own time limit. */
  signal?: AbortSignal;
  /** Covers the whole exchange: every redirect and the body. */
  timeoutMs?: number;
  maxBytes?: number;
  /** The API request's share of lookups; this request spends one, whatever its redirects. */
  budget?: OutboundBudget;
}

export interface OutboundResponse {
  status: number;
  /** Where the answer came from, after redirects. */
  url: URL;
  headers: Headers;
  /** The text of a 2xx answer of an accepted type; null for any other status (never read). */
  body: string | null;
}

/**
 * The one way the server makes HTTP requests on a user's behalf (docs/security.md, 'Outbound
 * requests'). Redirects are followed here, one hop at a time, each hop checked: http(s) only,
 * and unless the origin is one the operator configured, only public addresses, checked after
 * DNS resolution on the socket that connects. Bodies are capped in size and time and must be
 * of a type the caller expects.
 */
export class OutboundHttp {
  readonly #trustedOrigins: ReadonlySet<string>;

  /** `trustedOrigins`: the administrator's configured endpoints, which may be on loopback. */
  constructor(options: { trustedOrigins: readonly string[] }) {
    this.#trustedOrigins = new Set(options.trustedOrigins.map((url) => new URL(url).origin));
  }

  async request(input: URL | string, request: OutboundRequest): Promise<OutboundResponse> {
    const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
    let url = parseUrl(input);
    let method = request.method ?? 'GET';
    let body = request.body;
    let headers = withAccept(request.headers ?? {}, request.accept);
    try {
      request.budget?.spend();
      for (let hop = 0; ; hop += 1) {
        const response = await this.#send(url, { method, headers, body, signal });
        const location = response.headers.get('location');
        if (!REDIRECT_STATUSES.has(response.status) || location === null) {
          return await answer(url, response, request);
        }
        await response.body?.cancel();
        if (hop >= MAX_REDIRECTS) {
          throw new OutboundError('too-many-redirects', `More than ${MAX_REDIRECTS} redirects`);
        }
        const next = parseUrl(location, url);
        if (next.origin !== url.origin) headers = portable(headers);
        // Only 307 and 308 promise the same method and body at the new address.
        if (method === 'POST' && response.status !== 307 && response.status !== 308) {
          [method, body] = ['GET', undefined];
          headers = Object.fromEntries(
            Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'content-type'),
          );
        }
        url = next;
      }
    } catch (error) {
      throw failureOf(error, url, { timeout, timeoutMs, caller: request.signal });
    }
  }

  async #send(
    url: URL,
    init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal },
  ): Promise<Response> {
    const dispatcher = this.#dispatcherFor(url);
    return fetch(url, { ...init, redirect: 'manual', dispatcher });
  }

  #dispatcherFor(url: URL): Dispatcher {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new OutboundError('refused-url', `Only http and https addresses are fetched`);
    }
    if (this.#trustedOrigins.has(url.origin)) return operatorConfigured;
    if (url.username !== '' || url.password !== '') {
      throw new OutboundError('refused-url', 'Addresses with credentials are not fetched');
    }
    // A literal address never reaches the lookup, so it is checked here.
    const literal = classifyAddress(url.hostname);
    if (literal !== 'not-an-address' && literal !== 'public') {
      throw refusedHost(url.hostname, literal);
    }
    return publicOnly;
  }
}

function parseUrl(input: URL | string, base?: URL): URL {
  try {
    return new URL(input, base);
  } catch {
    throw new OutboundError('refused-url', `Not a valid address: ${String(input)}`);
  }
}

function withAccept(headers: Record<string, string>, accept: readonly string[]) {
  const given = Object.keys(headers).some((name) => name.toLowerCase() === 'accept');
  const exact = accept.filter((type) => !type.startsWith('+'));
  return given || exact.length === 0 ? headers : { ...headers, accept: exact.join(', ') };
}

function portable(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => PORTABLE_HEADERS.has(name.toLowerCase())),
  );
}

async function answer(
  url: URL,
  response: Response,
  request: OutboundRequest,
): Promise<OutboundResponse> {
  const base = { status: response.status, url, headers: response.headers };
  if (response.status < 200 || response.status > 299) {
    await response.body?.cancel();
    return { ...base, body: null };
  }
  const type = mediaType(response.headers.get('content-type'));
  if (!request.accept.some((expected) => typeMatches(type, expected))) {
    await response.body?.cancel();
    throw new OutboundError(
      'unexpected-content-type',
      `${url.host} answered ${type || 'without a content type'} instead of ${request.accept.join(' or ')}`,
    );
  }
  return { ...base, body: await readCapped(url, response, request.maxBytes ?? DEFAULT_MAX_BYTES) };
}

export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

function typeMatches(type: string, expected: string): boolean {
  return expected.startsWith('+') ? type.endsWith(expected) : type === expected;
}

async function readCapped(url: URL, response: Response, maxBytes: number): Promise<string> {
  const tooLarge = () =>
    new OutboundError('too-large', `${url.host} answered more than ${maxBytes} bytes`);
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (response.body === null) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Counted as it arrives (after decompression), so neither a lying Content-Length nor a
  // compressed bomb gets further than the cap; leaving the loop cancels the stream.
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function failureOf(
  error: unknown,
  url: URL,
  context: { timeout: AbortSignal; timeoutMs: number; caller: AbortSignal | undefined },
): OutboundError {
  const own = findOutboundError(error);
  if (own !== null) return own;
  if (context.timeout.aborted) {
    return new OutboundError(
      'timeout',
      `${url.host} did not answer within ${context.timeoutMs} ms`,
    );
  }
  if (context.caller?.aborted) return new OutboundError('aborted', 'The request was cancelled');
  return new OutboundError('unreachable', `${url.host} is unreachable: ${describe(error)}`);
}

// fetch wraps what the socket's lookup threw in one or more `cause`s.
function findOutboundError(error: unknown): OutboundError | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (current instanceof OutboundError) return current;
  }
  return null;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
