import type { FastifyInstance } from 'fastify';

/** Powerful browser features the app never uses, switched off for it and anything it embeds. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
].join(', ');

/** Where the walkthrough's screenshots are served (src/app/public/narrative/). */
export const NARRATIVE_PREFIX = '/narrative/';

/**
 * Headers helmet does not set: Permissions-Policy on every response, and Cache-Control:
 * no-store on API answers, which carry private data that no shared or browser cache should
 * keep. A route that wants caching sets its own Cache-Control. The walkthrough's screenshots
 * under /narrative/ are never cached either (002 §7): the lightbox asks with HEAD which exist,
 * and a regenerated set must show at once.
 */
export function addResponseHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.url.startsWith(NARRATIVE_PREFIX)) {
      reply.header('cache-control', 'no-store');
    } else if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

/**
 * Source maps would hand out the app's original sources; they are built for local debugging
 * and not served when NODE_ENV=production.
 */
export function hideSourceMaps(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.split('?')[0]?.endsWith('.map')) {
      return reply.code(404).send({ error: 'Not found' });
    }
  });
}
