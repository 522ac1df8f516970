import type { FastifyPluginAsync } from 'fastify';
import { isContentLanguage } from '../../../../shared/ai/languages';
import type { AppContext } from '../../../app-context';
import { chooseAffordableModel } from '../../../billing/affordable-model';
import { filtersForRun } from '../../../ai/search/run-filters';
import { HttpError, notFound, parseWith } from '../../../http/http-error';
import { authorizedPaper } from '../../../policies/paper-policy';
import { findOwnedJob } from '../../../queue/job-store';
import { STRUCTURE_JOB, type StructureJobInput } from '../../../queue/jobs/structure-generate';
import { REFINE_JOB } from '../../../queue/jobs/structure-refine';
import { handOvers } from '../../../ai/structure/refine/refine-store';
import { modelRateLimit } from '../ai/model-rate-limit';
import { isUuid } from '../files/schema';
import { structureBody, structureQuery } from './schema';

/**
 * Structure generation (001 §7, docs/structure.md): POST starts a durable job, GET polls it.
 * The model, language and filters are resolved here, with the user's rights, and stored in
 * the job's input, so the job runs with what the user was offered when they asked.
 */
export const structureRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db } = context.database;

  app.post('/structure', { preHandler: modelRateLimit(context) }, async (request, reply) => {
    const body = parseWith(structureBody, request.body ?? {});
    const user = request.user;
    // A structure for an existing paper is its properties wizard's: the owner's to run.
    if (body.paperId) await authorizedPaper(db, user, 'manage', body.paperId);
    if (body.selectedLanguage && !isContentLanguage(body.selectedLanguage)) {
      throw new HttpError(400, `Unknown language: ${body.selectedLanguage}`);
    }
    const [{ model, language }, filters] = await Promise.all([
      // The balance must be above one section's price before any work starts (001 §6); the
      // job then holds the charge through the ledger.
      chooseAffordableModel(context, user, body.selectedModel),
      filtersForRun(context, user.id, body.filters),
    ]);
    const input: StructureJobInput = {
      title: body.title?.trim() ?? '',
      description: body.description?.trim() ?? '',
      paperType: body.paperType,
      methodology: body.methodology?.trim() ?? '',
      field: body.field?.trim() ?? '',
      uploadedContent: body.uploadedContent ?? '',
      language:
        body.selectedLanguage && isContentLanguage(body.selectedLanguage)
          ? body.selectedLanguage
          : language,
      filters,
      model: model
        ? {
            model_name: model.info.model_name,
            descriptive_name: model.info.descriptive_name,
            cost_per_section: model.info.cost_per_section,
          }
        : null,
    };
    const job = await context.queue.enqueue(STRUCTURE_JOB, {
      ownerId: user.id,
      paperId: body.paperId ?? null,
      input,
    });
    return reply.code(202).send({ jobId: job.id });
  });

  app.get('/structure', async (request) => {
    const { jobId } = parseWith(structureQuery, request.query);
    const row = jobId && isUuid(jobId) ? await findOwnedJob(db, request.user.id, jobId) : null;
    if (!row || row.type !== STRUCTURE_JOB) throw notFound('Job');
    // A structure that is being (or was) refined hands over to its refine job (001 §4).
    const refineJobId =
      row.status === 'completed'
        ? ((await handOvers(db, request.user.id, REFINE_JOB, [row.id])).get(row.id) ?? null)
        : null;
    return {
      status: refineJobId ? 'refining' : row.status,
      result: row.status === 'completed' ? row.result : null,
      error: row.error,
      progress: row.progress ?? null,
      refineJobId,
    };
  });
};
