import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { parseWith } from '../../../http/http-error';
import { summarizeWork } from '../../../ai/summary/summarize-work';
import { rewriteSection } from '../../../ai/writer/rewrite-section';
import { chargeAiStream } from '../../../billing/charge-ai-stream';
import { rewriteBody, summarizeBody } from './schema';
import { modelRateLimit } from './model-rate-limit';
import { clientGone, sendStream } from './stream-reply';

/** The streamed AI routes (000 §7, 002 §7): one engine call each. */
export const aiWritingRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const preHandler = modelRateLimit(context);
  for (const route of ['rewrite', 'refine'] as const) {
    app.post(`/${route}`, { preHandler }, async (request, reply) => {
      const body = parseWith(rewriteBody, request.body ?? {});
      const signal = clientGone(request, reply);
      const stream = await rewriteSection(context, { user: request.user, body, route, signal });
      const what = `${route === 'refine' ? 'Refinement' : 'Rewrite'} of section ${body.sectionNumber}`;
      const charged = await chargeAiStream(context, {
        user: request.user,
        requestedModel: body.selectedModel,
        what,
        stream,
      });
      return sendStream(reply, charged);
    });
  }

  app.post('/summarize-elaborate', { preHandler }, async (request, reply) => {
    const body = parseWith(summarizeBody, request.body ?? {});
    const signal = clientGone(request, reply);
    const stream = await summarizeWork(context, { user: request.user, ...body, signal });
    const what = `Summary of ${body.doi}`;
    const charged = await chargeAiStream(context, {
      user: request.user,
      requestedModel: null,
      what,
      stream,
    });
    return sendStream(reply, charged);
  });
};
