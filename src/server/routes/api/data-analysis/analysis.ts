import type { FastifyPluginAsync } from 'fastify';
import { DATA_ANALYSIS_NOT_INSTALLED } from '../../../../shared/analysis/data-file';
import type { AppContext } from '../../../app-context';
import { chooseAffordableModel } from '../../../billing/affordable-model';
import { authorizedPaper } from '../../../policies/paper-policy';
import { findDataFile } from '../../../analysis/data-files/data-file-store';
import { conversationNotebook } from '../../../analysis/engine/conversation-notebook';
import { followStepText } from '../../../analysis/steps/follow-step-text';
import {
  findOwnedStep,
  insertStep,
  listConversationSteps,
  listPaperSteps,
  updateStep,
} from '../../../analysis/steps/step-store';
import { HttpError, notFound, parseWith } from '../../../http/http-error';
import { presentStep } from '../../../presenters/analysis-step';
import { DATA_ANALYSIS_JOB } from '../../../queue/jobs/data-analysis';
import { clientGone, sendStream } from '../ai/stream-reply';
import { modelRateLimit } from '../ai/model-rate-limit';
import { analysisBody, attachBody, isUuid, stepQuery } from './schema';
import { z } from 'zod';

const conversationQuery = z.object({ conversationId: z.string().min(1) });
const paperQuery = z.object({ paperId: z.string().min(1) });
const notebookQuery = z.union([
  z.object({ stepId: z.string().min(1) }),
  z.object({ conversationId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) }),
]);

/** The data-analysis chat (spec 002 §7): a step per question, its notebook, the download. */
export const dataAnalysisRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db } = context.database;

  async function ownedStep(userId: string, stepId: string) {
    const found = isUuid(stepId) ? await findOwnedStep(db, userId, stepId) : undefined;
    if (!found) throw notFound('Analysis step');
    return found;
  }

  app.get('/data-analysis/status', async (request) => {
    const reason = await context.analysis.unavailableReason();
    if (reason) request.log.warn({ reason }, 'data analysis is not available');
    return {
      available: reason === null,
      message: reason === null ? null : DATA_ANALYSIS_NOT_INSTALLED,
      aiAvailable: context.ai.providers.configured,
    };
  });

  // A step calls the model at least twice, so it shares the per-user budget of model routes.
  app.post('/data-analysis', { preHandler: modelRateLimit(context) }, async (request, reply) => {
    const body = parseWith(analysisBody, request.body ?? {});
    const user = request.user;
    const file = isUuid(body.fileId) ? await findDataFile(db, user.id, body.fileId) : undefined;
    if (!file) throw notFound('Data file');
    if (await context.analysis.unavailableReason()) {
      throw new HttpError(503, DATA_ANALYSIS_NOT_INSTALLED);
    }
    const { model } = await chooseAffordableModel(context, user, body.selectedModel);
    const job = await context.queue.enqueue(DATA_ANALYSIS_JOB, {
      ownerId: user.id,
      input: {
        conversationId: body.jobId,
        fileId: file.id,
        question: body.question,
        model: model?.info ?? null,
      },
    });
    await insertStep(db, {
      id: job.id,
      ownerId: user.id,
      conversationId: body.jobId,
      fileId: file.id,
      question: body.question,
      automatic: model === null,
    });
    void reply.header('x-step-id', job.id);
    return sendStream(
      reply,
      followStepText(db, context.events, user.id, job.id, clientGone(request, reply)),
    );
  });

  app.get('/data-analysis/job', async (request) => {
    const { stepId } = parseWith(stepQuery, request.query);
    return presentStep(await ownedStep(request.user.id, stepId));
  });

  // The conversation's steps, so the modal shows it again after a reload.
  app.get('/data-analysis/conversation', async (request) => {
    const { conversationId } = parseWith(conversationQuery, request.query);
    const rows = await listConversationSteps(db, request.user.id, conversationId);
    return { steps: rows.map(presentStep) };
  });

  // The whole conversation as one .ipynb, every executed cell in order; or one step's (the
  // notebook attached to a paper).
  app.get('/data-analysis/notebook', async (request, reply) => {
    const query = parseWith(notebookQuery, request.query);
    const steps =
      'stepId' in query
        ? [(await ownedStep(request.user.id, query.stepId)).step]
        : (await listConversationSteps(db, request.user.id, query.conversationId)).map(
            (row) => row.step,
          );
    if (steps.length === 0) throw notFound('Analysis');
    const name = 'stepId' in query ? query.stepId : query.conversationId;
    return reply
      .header('content-type', 'application/x-ipynb+json')
      .header('content-disposition', `attachment; filename="data-analysis-${name}.ipynb"`)
      .send(JSON.stringify(conversationNotebook(steps), null, 1));
  });

  // 'Insert into paper': the step's notebook stays attached to the paper it went into.
  app.post('/data-analysis/attach', async (request) => {
    const { stepId, paperId } = parseWith(attachBody, request.body ?? {});
    const found = await ownedStep(request.user.id, stepId);
    if (found.status !== 'completed') throw new HttpError(409, 'The analysis has not finished');
    const paper = await authorizedPaper(db, request.user, 'edit', paperId);
    await updateStep(db, found.step.id, { paperId: paper.id });
    return { success: true };
  });

  // The notebooks attached to a paper: where each inserted figure came from.
  app.get('/data-analysis/paper-notebooks', async (request) => {
    const { paperId } = parseWith(paperQuery, request.query);
    const paper = await authorizedPaper(db, request.user, 'read', paperId);
    const steps = await listPaperSteps(db, request.user.id, paper.id);
    return {
      notebooks: steps.map((step) => ({
        stepId: step.id,
        question: step.question,
        createdAt: step.createdAt.toISOString(),
        notebook: conversationNotebook([step]),
      })),
    };
  });
};
