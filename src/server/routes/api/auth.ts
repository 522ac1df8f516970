import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context';
import { sendFetchResponse, toFetchRequest } from '../../http/fetch-bridge';

/** better-auth answers every /api/auth/* call itself; this only bridges Fastify to fetch. */
export const authRoutes: FastifyPluginAsync<AppContext> = async (app, { auth, config }) => {
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    config: {
      rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' },
    },
    async handler(request, reply) {
      const response = await auth.handler(toFetchRequest(request));
      await sendFetchResponse(reply, response);
    },
  });
};
