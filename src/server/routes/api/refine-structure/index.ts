import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/database';
import { HttpError, notFound, parseWith } from '../../../http/http-error';
import {
  findListedJob,
  handOvers,
  listRefineSections,
  listStructureJobs,
  refineCounts,
  type ListedJob,
} from '../../../ai/structure/refine/refine-store';
import { startRefinement } from '../../../ai/structure/refine/start-refinement';
import { LISTED_STATUSES, LISTED_TYPES } from '../../../ai/structure/listed-jobs';
import { presentStructureJob } from '../../../presenters/structure-job';
import { findJob } from '../../../queue/job-store';
import { STRUCTURE_JOB } from '../../../queue/jobs/structure-generate';
import { REFINE_JOB } from '../../../queue/jobs/structure-refine';
import { modelRateLimit } from '../ai/model-rate-limit';
import { jobParams, refineBody } from './schema';

const LISTED = new Set<string>(LISTED_STATUSES);

/** Structure and refine jobs presented with their progress and hand-overs. */
async function presentJobs(db: Db, ownerId: string, rows: readonly ListedJob[]) {
  const structureIds = rows.filter((row) => row.type === STRUCTURE_JOB).map((row) => row.id);
  const links = await handOvers(db, ownerId, REFINE_JOB, structureIds);
  const refineIds = [
    ...rows.filter((row) => row.type === REFINE_JOB).map((row) => row.id),
    ...links.values(),
  ];
  const counts = await refineCounts(db, refineIds);
  return rows.map((row) => {
    const refineJobId = row.type === STRUCTURE_JOB ? (links.get(row.id) ?? null) : null;
    return presentStructureJob(row, counts.get(refineJobId ?? row.id), refineJobId);
  });
}

/**
 * Comprehensive refinement and the paper-structure jobs list (001 §7 'Refinement', 002 §7;
 * docs/structure.md). Another user's job answers 404 on every route, like a missing one.
 */
export const refineStructureRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const db = context.database.db;

  async function ownedJob(userId: string, params: unknown, types: readonly string[]) {
    const parsed = jobParams.safeParse(params);
    const row = parsed.success ? await findListedJob(db, userId, parsed.data.jobId) : undefined;
    if (!row || !types.includes(row.type)) throw notFound('Job');
    return row;
  }

  // It queues model work: it shares the per-user budget of every model route.
  app.post('/refine-structure', { preHandler: modelRateLimit(context) }, async (request, reply) => {
    const body = parseWith(refineBody, request.body ?? {});
    return reply.code(202).send(await startRefinement(context, request.user, body));
  });

  app.get('/refine-structure/jobs', async (request) => {
    const rows = (await listStructureJobs(db, request.user.id, LISTED_TYPES)).filter((row) =>
      LISTED.has(row.status),
    );
    const jobs = await presentJobs(db, request.user.id, rows);
    // A structure job that handed over to a listed refinement is shown as that refinement.
    const listed = new Set(jobs.map((job) => job.jobId));
    return { jobs: jobs.filter((job) => !(job.refineJobId && listed.has(job.refineJobId))) };
  });

  // A structure job answers here too, so a job chosen from the list is read one way.
  app.get('/refine-structure/status/:jobId', async (request) => {
    const row = await ownedJob(request.user.id, request.params, LISTED_TYPES);
    const [job] = await presentJobs(db, request.user.id, [row]);
    const full = await findJob(db, row.id);
    const input = full?.input as { model?: { cost_per_section: number } | null } | undefined;
    const sections = row.type === REFINE_JOB ? await listRefineSections(db, row.id) : [];
    return {
      ...job,
      costPerSection: input?.model?.cost_per_section ?? null,
      sections: sections.map((section) => ({
        sectionTitle: section.title,
        sectionLevel: section.level,
        refinable: section.refinable,
        status: section.status,
        subsections: section.subsections,
        error: section.error,
      })),
      result: row.status === 'completed' ? (full?.result ?? null) : null,
    };
  });

  app.post('/refine-structure/cancel/:jobId', async (request) => {
    const row = await ownedJob(request.user.id, request.params, LISTED_TYPES);
    // A finished job is dismissed from the list the same way; a failed one stays as it is.
    if (LISTED.has(row.status)) await context.queue.cancel(row.id);
    return { success: true };
  });

  app.get('/refine-structure/result/:jobId', async (request) => {
    const row = await ownedJob(request.user.id, request.params, [REFINE_JOB]);
    if (row.status !== 'completed') throw new HttpError(409, 'The refinement is not complete');
    const full = await findJob(db, row.id);
    return full?.result ?? {};
  });
};
