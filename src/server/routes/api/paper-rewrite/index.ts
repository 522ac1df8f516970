import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { authorizedPaper } from '../../../policies/paper-policy';
import { processingStatus } from '../../../ai/rewrite-paper/processing-status';
import { listRewriteSections } from '../../../ai/rewrite-paper/rewrite-store';
import { saveRewrite } from '../../../ai/rewrite-paper/save-rewrite';
import { paperRewriteJobs, startRewrite } from '../../../ai/rewrite-paper/start-rewrite';
import { HttpError, notFound, parseWith } from '../../../http/http-error';
import { deleteOwnedJob, isRunning, listOwnedJobs } from '../../../queue/job-store';
import { PAPER_REWRITE_JOB } from '../../../queue/jobs/paper-rewrite';
import { presentRewriteSection } from '../../../presenters/rewrite-section';
import { modelRateLimit } from '../ai/model-rate-limit';
import { paperParams, startBody } from './schema';

export const NO_RUNNING_REWRITE_MESSAGE = 'No rewrite is running for this paper';

/** Rewrite Paper (001 §7 'Rewrite', 002 §7). A paper not shared with the user is a 404 on every route. */
export const paperRewriteRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const db = context.database.db;

  /** The paper, if the user may read it (404 otherwise, a malformed id included), and the user's rewrite jobs on it. */
  async function paperJobs(userId: string, params: unknown) {
    const parsed = paperParams.safeParse(params);
    if (!parsed.success) throw notFound('Paper');
    const paper = await authorizedPaper(db, { id: userId }, 'read', parsed.data.paperId);
    return paperRewriteJobs(context, userId, paper.id);
  }

  // Starting queues model work: it shares the per-user budget of every model route.
  app.post('/paper-rewrite/start', { preHandler: modelRateLimit(context) }, async (request) => {
    const body = parseWith(startBody, request.body ?? {});
    return startRewrite(context, request.user, body);
  });

  app.get('/paper-rewrite/status/:paperId', async (request) => {
    const [latest] = await paperJobs(request.user.id, request.params);
    const sections = latest ? await listRewriteSections(db, latest.id) : [];
    return { processing_status: processingStatus(latest, sections) };
  });

  // The latest rewrite's sections, in document order, with their results.
  app.get('/paper-rewrite/sections/:paperId', async (request) => {
    const [latest] = await paperJobs(request.user.id, request.params);
    const sections = latest ? await listRewriteSections(db, latest.id) : [];
    return { sections: sections.map(presentRewriteSection) };
  });

  // Stops the running rewrite: the section in progress is refunded, finished ones are kept.
  app.post('/paper-rewrite/cancel/:paperId', async (request) => {
    const running = (await paperJobs(request.user.id, request.params)).filter(isRunning);
    if (running.length === 0) throw new HttpError(409, NO_RUNNING_REWRITE_MESSAGE);
    for (const job of running) await context.queue.cancel(job.id);
    return { success: true };
  });

  // Save: the rewritten sections merged into the paper beside what was typed meanwhile.
  app.post('/paper-rewrite/save/:paperId', async (request) => {
    const parsed = paperParams.safeParse(request.params);
    if (!parsed.success) throw notFound('Paper');
    return saveRewrite(context, request.user, parsed.data.paperId);
  });

  // After Save or 'Delete new contents': the finished rewrites' results are dropped, so the
  // status reads '' again. A running rewrite is left alone.
  app.post('/paper-rewrite/clear-status/:paperId', async (request) => {
    for (const job of await paperJobs(request.user.id, request.params)) {
      if (!isRunning(job)) await deleteOwnedJob(db, request.user.id, job.id);
    }
    return { success: true };
  });

  // 002 §7: the user's papers with a rewrite pending or running (the list's isBeingRewritten).
  app.get('/paper-rewrite/active-rewrites', async (request) => {
    const jobs = await listOwnedJobs(db, request.user.id, { type: PAPER_REWRITE_JOB });
    const ids = jobs.filter(isRunning).flatMap((job) => (job.paperId ? [job.paperId] : []));
    return { activeRewrites: [...new Set(ids)] };
  });
};
