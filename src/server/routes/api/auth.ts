import type { FastifyPluginAsync, RouteHandlerMethod } from 'fastify';
import type { AppContext } from '../../app-context';
import { sendFetchResponse, toFetchRequest } from '../../http/fetch-bridge';

/**
 * better-auth answers every /api/auth/* call itself; this only bridges Fastify to fetch.
 * Only the POSTs (sign-in, sign-up, sign-out, password changes) are rate-limited: they are
 * what a guesser repeats, while the session read runs on every page load of a signed-in user
 * and throttling it would sign people out of their own tabs.
 */
export const authRoutes: FastifyPluginAsync<AppContext> = async (app, { auth, config }) => {
  const handler: RouteHandlerMethod = async (request, reply) => {
    const response = await auth.handler(toFetchRequest(request));
    await sendFetchResponse(reply, response);
  };
  app.get('/auth/*', handler);
  app.post(
    '/auth/*',
    { config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } } },
    handler,
  );
};
