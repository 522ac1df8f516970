import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { conversationTitle } from '../../../ai/chat/conversation-title';
import {
  createConversation,
  findOwnedConversation,
  insertMessage,
  touchConversation,
  truncateFromMessage,
} from '../../../ai/chat/conversation-store';
import { chooseAffordableModel } from '../../../billing/affordable-model';
import { filtersForRun } from '../../../ai/search/run-filters';
import { refundCharge } from '../../../billing/ledger';
import { holdCharge } from '../../../billing/with-charge';
import { notFound, parseWith } from '../../../http/http-error';
import { findOwnedJob } from '../../../queue/job-store';
import { CHAT_JOB, chatChargeRequest, type ChatJobInput } from '../../../queue/jobs/chat-answer';
import { modelRateLimit } from '../ai/model-rate-limit';
import { isUuid } from '../files/schema';
import { chatJobStatus, chatStreamRoutes } from './answer-stream';
import { chatBody, chatJobQuery, requestedFilters } from './schema';
import { selectedHeaders } from './selected-headers';

/**
 * The research chat (002 §7, docs/chat.md): POST stores the question and starts a durable job
 * that answers it; GET polls the job. Model, language and filters are resolved here with the
 * user's rights (free tier: free models, no web search) and stored in the job's input. The
 * answer's text also streams while it is written (answer-stream.ts).
 */
export const chatRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db } = context.database;

  app.post('/chat/v2', { preHandler: modelRateLimit(context) }, async (request) => {
    const body = parseWith(chatBody, request.body ?? {});
    const headers = selectedHeaders(request);
    const user = request.user;
    const question = body.question.trim();
    let conversation =
      !body.createNewConversation && body.conversationId
        ? isUuid(body.conversationId)
          ? await findOwnedConversation(db, user.id, body.conversationId)
          : undefined
        : null;
    if (conversation === undefined) throw notFound('Conversation');
    const [{ model, language }, filters] = await Promise.all([
      chooseAffordableModel(context, user, headers.model),
      filtersForRun(context, user.id, requestedFilters(body)),
    ]);
    // The message's price is held before anything is stored or any model is called (002 §6,
    // issue 31.6): of 20 parallel messages a balance pays for three, the other 17 are 402 here.
    const chargeKey = `${CHAT_JOB}:${randomUUID()}`;
    const held = model
      ? await holdCharge(context, chatChargeRequest(user.id, model.info, chargeKey))
      : null;
    try {
      return await storeAndAnswer();
    } catch (error) {
      if (held) await refundCharge(db, chargeKey, held.generation);
      throw error;
    }

    async function storeAndAnswer() {
      if (conversation && body.editMessageId) {
        const found =
          isUuid(body.editMessageId) &&
          (await truncateFromMessage(db, user.id, conversation.id, body.editMessageId));
        if (!found) throw notFound('Message');
      }
      conversation ??= await createConversation(db, user.id, conversationTitle(question));
      const message = await insertMessage(db, {
        ownerId: user.id,
        conversationId: conversation.id,
        role: 'user',
        content: question,
        htmlContent: body.htmlContent ?? null,
      });
      await touchConversation(db, user.id, conversation.id);
      const input: ChatJobInput = {
        conversationId: conversation.id,
        userMessageId: message.id,
        question,
        language: headers.language ?? language,
        filters,
        contextRefIds: body.contextRefIds ?? [],
        model: model
          ? {
              model_name: model.info.model_name,
              descriptive_name: model.info.descriptive_name,
              cost_per_section: model.info.cost_per_section,
            }
          : null,
        ...(held ? { chargeKey } : {}),
      };
      const job = await context.queue.enqueue(CHAT_JOB, { ownerId: user.id, input });
      return { jobId: job.id, conversationId: conversation.id, messageId: message.id };
    }
  });

  app.get('/chat/v2', async (request) => {
    const { jobId } = parseWith(chatJobQuery, request.query);
    const row = jobId && isUuid(jobId) ? await findOwnedJob(db, request.user.id, jobId) : null;
    if (!row || row.type !== CHAT_JOB) throw notFound('Job');
    return chatJobStatus(row);
  });

  await app.register(chatStreamRoutes, context);
};
