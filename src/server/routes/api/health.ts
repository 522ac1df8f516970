import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context';

export const healthRoutes: FastifyPluginAsync<AppContext> = async (app, { database }) => {
  app.get('/health', async () => {
    await database.db.execute(sql`select 1`);
    return { status: 'ok', database: database.kind };
  });
};
