import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Paths that take state-changing requests from other sites by design. Each must authenticate
 * its caller another way (a webhook verifies its payload's signature). Add a route here
 * rather than switching the check off.
 */
export const ORIGIN_CHECK_EXEMPT_PATHS: readonly string[] = [
  // Stripe's webhook (billing): signed with the webhook secret, sent without a browser Origin.
  '/api/payments/stripe-webhook',
  '/api/webhooks/',
];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_REFUSED = 'Cross-site request refused';

function isExempt(path: string): boolean {
  // better-auth checks the Origin of its own routes against the same trusted origin.
  if (path.startsWith('/api/auth/')) return true;
  return ORIGIN_CHECK_EXEMPT_PATHS.some((exempt) =>
    exempt.endsWith('/') ? path.startsWith(exempt) : path === exempt,
  );
}

/**
 * Refuses a state-changing request whose Origin is another site's. The session cookie is
 * SameSite=Lax and bodies are JSON, which already stops classic cross-site forms; this is
 * the second wall. Requests without Origin come from non-browser clients (curl, scripts),
 * which carry no ambient cookie of a victim, so they pass, as they do in better-auth.
 *
 * With PUBLIC_URL the allowed origin is exactly that; without it, the Origin's host must be
 * the host the request was sent to (scheme aside: a TLS-terminating proxy that does not
 * forward the scheme must not break every save).
 */
export function originCheck(publicUrl: string | undefined) {
  const allowedOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return async function checkOrigin(request: FastifyRequest, reply: FastifyReply) {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (isExempt(request.url.split('?')[0] ?? '')) return;
    if (isSameSite(allowedOrigin, origin, request.host)) return;
    return reply.code(403).send({ error: CROSS_SITE_REFUSED });
  };
}

/** Whether a browser's Origin is this site's (see originCheck); the WebSocket upgrade uses it too. */
export function isSameSite(allowedOrigin: string | undefined, origin: string, host: string) {
  return allowedOrigin ? origin === allowedOrigin : originHost(origin) === host;
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
