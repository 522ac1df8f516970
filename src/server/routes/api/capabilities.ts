import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context';
import { serverCapabilities } from '../../about/server-capabilities';

/**
 * GET /api/capabilities: what this server does (its library's size, the catalogues it asks,
 * whether Data Analysis is installed), public because the About dialog is for visitors too.
 */
export const capabilityRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  app.get('/capabilities', async () => serverCapabilities(context));
};
