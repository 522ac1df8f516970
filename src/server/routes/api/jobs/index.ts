import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { notFound, parseWith } from '../../../http/http-error';
import { presentJob } from '../../../presenters/job';
import { findOwnedJob, listOwnedJobs } from '../../../queue/job-store';

const jobParams = z.object({ id: z.uuid() });
const listQuery = z.object({ paperId: z.uuid().optional(), type: z.string().max(100).optional() });

function jobId(params: unknown): string {
  try {
    return parseWith(jobParams, params).id;
  } catch {
    throw notFound('Job');
  }
}

/**
 * The generic job-status API every background feature can poll; features may also expose
 * their own spec-named routes (e.g. GET /api/structure?jobId=) that present the same row.
 */
export const jobsRoutes: FastifyPluginAsync<AppContext> = async (app, { database, queue }) => {
  app.get('/jobs', async (request) => {
    const filter = parseWith(listQuery, request.query);
    const rows = await listOwnedJobs(database.db, request.user.id, filter);
    return { jobs: rows.map(presentJob) };
  });

  app.get('/jobs/:id', async (request) => {
    const row = await findOwnedJob(database.db, request.user.id, jobId(request.params));
    if (!row) throw notFound('Job');
    return presentJob(row);
  });

  app.post('/jobs/:id/cancel', async (request) => {
    const row = await findOwnedJob(database.db, request.user.id, jobId(request.params));
    if (!row) throw notFound('Job');
    if (row.status === 'pending' || row.status === 'processing') await queue.cancel(row.id);
    return { success: true };
  });
};
