import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';

/**
 * GET /api/pricing: the model prices for the landing page's 'View pricing details' (002 §2),
 * which signed-out visitors open. Public, read-only, and the same list as
 * /api/models/available without anything about a user.
 */
export const pricingRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  app.get('/pricing', async () => ({
    models: await context.ai.catalogue.list(),
    userIsFreeTier: false,
    isAdmin: false,
  }));
};
