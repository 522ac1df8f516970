import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { parseWith } from '../../http/http-error';
import { presentJob } from '../../presenters/job';

const sleepBody = z.object({
  ms: z.number().int().min(0).max(5_000),
  failTimes: z.number().int().min(0).max(10).optional(),
});

/** Only mounted with SCRIPTOR_TEST_ROUTES=1: lets tests enqueue a job they can interrupt. */
export const testSupportRoutes: FastifyPluginAsync<AppContext> = async (app, { queue }) => {
  app.post('/test/jobs/sleep', async (request) => {
    const input = parseWith(sleepBody, request.body);
    const row = await queue.enqueue('test.sleep', { ownerId: request.user.id, input });
    return presentJob(row);
  });
};
