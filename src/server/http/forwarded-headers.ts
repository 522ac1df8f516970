import type { FastifyInstance } from 'fastify';

/**
 * Fastify's trustProxy setting: X-Forwarded-For/-Proto/-Host are believed only from the
 * addresses in TRUSTED_PROXIES. Trusting them from anyone would let every client choose its
 * own address, and with it its own rate-limit bucket.
 */
export function trustProxySetting(trustedProxies: string[]): string[] | false {
  return trustedProxies.length > 0 ? trustedProxies : false;
}

/**
 * Says once, at warn level, that a forwarded header arrived from an address that is not
 * trusted: behind a proxy that nobody listed, every user shares the proxy's address and its
 * limits, which an operator would otherwise find out from locked-out users.
 */
export function warnAboutUntrustedForwarding(app: FastifyInstance, trustedProxies: string[]) {
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    if (trustedProxies.length > 0 && request.ip !== request.socket.remoteAddress) return;
    warned = true;
    request.log.warn(
      `X-Forwarded-For from ${request.socket.remoteAddress ?? 'an unknown address'} was ignored: ` +
        'if that is your reverse proxy, add it to TRUSTED_PROXIES',
    );
  });
}
