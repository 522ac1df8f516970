import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { parseWith } from '../../../http/http-error';
import { proposeSequence } from '../../../ai/writing/propose-sequence';
import { sequenceBody } from './schema';

/** The AI Writing Process (001 §7 'AI writing'). */
export const scaffoldedWritingRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  app.post('/scaffolded-writing/sequence', async (request) => {
    const body = parseWith(sequenceBody, request.body ?? {});
    return proposeSequence(context, request.user, body);
  });
};
