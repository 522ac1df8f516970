import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context';
import { notFound, parseWith } from '../../../http/http-error';
import { proposeSequence } from '../../../ai/writing/propose-sequence';
import { authorizedPaper } from '../../../policies/paper-policy';
import { saveWriting } from '../../../ai/writing/save-writing';
import { startWriting } from '../../../ai/writing/start-writing';
import { listWritingSections } from '../../../ai/writing/writing-store';
import { presentWritingJob } from '../../../presenters/writing-job';
import { deleteOwnedJob, findJob, listOwnedJobs } from '../../../queue/job-store';
import { SCAFFOLDED_WRITING_JOB } from '../../../queue/jobs/scaffolded-writing';
import { jobParams, paperParams, sequenceBody, startBody } from './schema';
import { modelRateLimit } from '../ai/model-rate-limit';

/** A malformed id answers 404 like a missing one. */
function idOf<T>(schema: z.ZodType<T>, params: unknown, what: string): T {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw notFound(what);
  return parsed.data;
}

/** The AI Writing Process (001 §7 'AI writing'). Another user's job or paper is a 404. */
export const scaffoldedWritingRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const db = context.database.db;

  async function ownedWritingJob(userId: string, params: unknown) {
    const { jobId } = idOf(jobParams, params, 'Job');
    const job = await findJob(db, jobId);
    if (!job || job.ownerId !== userId || job.type !== SCAFFOLDED_WRITING_JOB) {
      throw notFound('Job');
    }
    return job;
  }

  // Both call or queue model work: they share the per-user budget of every model route.
  const preHandler = modelRateLimit(context);

  app.post('/scaffolded-writing/sequence', { preHandler }, async (request) => {
    const body = parseWith(sequenceBody, request.body ?? {});
    return proposeSequence(context, request.user, body);
  });

  app.post('/scaffolded-writing/start', { preHandler }, async (request) => {
    const body = parseWith(startBody, request.body ?? {});
    return startWriting(context, request.user, body);
  });

  app.get('/scaffolded-writing/status/:jobId', async (request) => {
    const job = await ownedWritingJob(request.user.id, request.params);
    return presentWritingJob(job, await listWritingSections(db, job.id));
  });

  // The paper's latest writing job that was not cancelled: running, or finished and not yet
  // saved or discarded, so the modal reopens on it after a reload. No job is a 404 (001 §7);
  // `?absent=null` makes it a 200 null for the app, which asks on every paper open and for
  // which no job is the usual answer, not an error (a 404 shows in the browser's console).
  app.get<{ Querystring: { absent?: string } }>(
    '/scaffolded-writing/active/:paperId',
    async (request) => {
      const { paperId } = idOf(paperParams, request.params, 'Writing job');
      const jobs = await listOwnedJobs(db, request.user.id, {
        paperId,
        type: SCAFFOLDED_WRITING_JOB,
      });
      const latest = jobs.find((job) => job.status !== 'cancelled');
      const job = latest && (await findJob(db, latest.id));
      if (job) return presentWritingJob(job, await listWritingSections(db, job.id));
      if (request.query.absent !== 'null') throw notFound('Writing job');
      // Another user's paper stays a 404.
      await authorizedPaper(db, request.user, 'read', paperId);
      return null;
    },
  );

  app.post('/scaffolded-writing/cancel/:jobId', async (request) => {
    const job = await ownedWritingJob(request.user.id, request.params);
    if (job.status === 'pending' || job.status === 'processing') await context.queue.cancel(job.id);
    return { success: true };
  });

  // 'Save the result': the written sections merged into the paper (issue 32).
  app.post('/scaffolded-writing/save/:jobId', async (request) => {
    const job = await ownedWritingJob(request.user.id, request.params);
    return saveWriting(context, request.user, job);
  });

  // The written sections with their citations, in writing order.
  app.get('/scaffolded-writing/sections/:jobId', async (request) => {
    const job = await ownedWritingJob(request.user.id, request.params);
    const sections = await listWritingSections(db, job.id);
    return {
      sections: sections.map((section) => ({
        sectionIndex: section.sectionIndex,
        sectionNumber: section.sectionNumber,
        sectionTitle: section.sectionTitle,
        status: section.status,
        content: section.content,
        citations: section.citations,
        flags: section.flags,
      })),
    };
  });

  /** The paper's writing jobs, after checking that the user may read the paper. */
  async function paperWritingJobs(userId: string, params: unknown) {
    const { paperId } = idOf(paperParams, params, 'Paper');
    await authorizedPaper(db, { id: userId }, 'read', paperId);
    return listOwnedJobs(db, userId, { paperId, type: SCAFFOLDED_WRITING_JOB });
  }

  // After Save: the finished jobs' results are in the paper now, so they are removed and
  // /active answers 404. A job still running is left alone.
  app.post('/scaffolded-writing/clear-status/:paperId', async (request) => {
    const jobs = await paperWritingJobs(request.user.id, request.params);
    for (const job of jobs) {
      if (job.status !== 'pending' && job.status !== 'processing') {
        await deleteOwnedJob(db, request.user.id, job.id);
      }
    }
    return { success: true };
  });

  // Discard: every writing job of the paper is cancelled (a running section is refunded) and
  // deleted with its sections.
  app.delete('/scaffolded-writing/delete-all/:paperId', async (request) => {
    const jobs = await paperWritingJobs(request.user.id, request.params);
    for (const job of jobs) {
      if (job.status === 'pending' || job.status === 'processing') {
        await context.queue.cancel(job.id);
      }
      await deleteOwnedJob(db, request.user.id, job.id);
    }
    return { success: true };
  });
};
