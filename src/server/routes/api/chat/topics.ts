import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { suggestActions, type Turn } from '../../../ai/chat/suggest-actions';
import { chooseModel } from '../../../ai/model-access';
import { requireBalanceAbove } from '../../../billing/with-charge';
import { parseWith } from '../../../http/http-error';
import { modelRateLimit } from '../ai/model-rate-limit';
import { chatTopicsBody } from './schema';
import { selectedHeaders } from './selected-headers';

/**
 * POST /api/chatTopics (002 §7): suggested next actions as text holding JSON. Not priced (a
 * short call after a priced answer), but like every model route it needs a balance above a
 * message's price (002 §6) and counts against the AI rate limit.
 */
export const chatTopicsRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  app.post('/chatTopics', { preHandler: modelRateLimit(context) }, async (request, reply) => {
    const body = parseWith(chatTopicsBody, request.body ?? {});
    const headers = selectedHeaders(request);
    const { model, language } = await chooseModel(context, request.user, headers.model);
    if (model) await requireBalanceAbove(context, request.user.id, model.info.cost_per_section);
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
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .send(JSON.stringify({ actions }));
  });
};
