import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { findOwnedConversation, storeSuggestedActions } from '../../../ai/chat/conversation-store';
import { suggestActions, type Turn } from '../../../ai/chat/suggest-actions';
import { chooseAffordableModel } from '../../../billing/affordable-model';
import { notFound, parseWith } from '../../../http/http-error';
import { isUuid } from '../files/schema';
import { modelRateLimit } from '../ai/model-rate-limit';
import { chatTopicsBody } from './schema';
import { selectedHeaders } from './selected-headers';

/**
 * POST /api/chatTopics (002 §7): suggested next actions as text holding JSON. Not priced (a
 * short call after a priced answer), but like every model route it needs a balance above a
 * message's price (002 §6) and counts against the AI rate limit. With a conversationId, the
 * actions are kept on that conversation's latest answer (002 §3), to be offered again when it is
 * reopened.
 */
export const chatTopicsRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { db } = context.database;
  app.post('/chatTopics', { preHandler: modelRateLimit(context) }, async (request, reply) => {
    const body = parseWith(chatTopicsBody, request.body ?? {});
    const { conversationId } = body;
    if (
      conversationId &&
      !(
        isUuid(conversationId) && (await findOwnedConversation(db, request.user.id, conversationId))
      )
    ) {
      throw notFound('Conversation');
    }
    const headers = selectedHeaders(request);
    const { model, language } = await chooseAffordableModel(context, request.user, headers.model);
    const conversation: Turn[] =
      typeof body.conversation === 'string'
        ? [{ role: 'user', content: body.conversation }]
        : body.conversation;
    const actions = await suggestActions(
      conversation,
      body.intent ?? 'information',
      model?.instance ?? null,
      headers.language ?? language,
      context.ai.log,
    );
    if (conversationId) await storeSuggestedActions(db, request.user.id, conversationId, actions);
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .send(JSON.stringify({ actions }));
  });
};
