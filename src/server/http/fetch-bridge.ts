import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';

export function toFetchHeaders(headers: IncomingHttpHeaders): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((v) => result.append(name, v));
    else result.set(name, value);
  }
  return result;
}

/**
 * Turns a Fastify request into a WHATWG Request for handlers written against fetch
 * (better-auth). `body` replaces the request's own, e.g. with its validated, normalised form.
 */
export function toFetchRequest(request: FastifyRequest, body: unknown = request.body): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && body != null;
  const headers = toFetchHeaders(request.headers);
  // better-auth rate-limits per client address, which it reads from this header; Fastify's
  // request.ip honours the proxy setting, and overwriting stops clients from spoofing it.
  headers.set('x-forwarded-for', request.ip);
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined,
  });
}

export async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  await reply.send(response.body ? await response.text() : null);
}
