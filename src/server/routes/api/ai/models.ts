import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../../app-context';
import { parseWith } from '../../../http/http-error';
import { availableModels, readAiSettings, updateAiSettings } from '../../../ai/model-access';
import { aiSettingsBody } from './schema';

/** Models and the per-user model and language (002 §2, §3, §7). */
export const modelRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  app.get('/models/available', async (request) => availableModels(context, request.user));

  app.get('/models/default', async () => ({ model: await context.ai.catalogue.defaultModel() }));

  app.get('/settings/ai', async (request) => readAiSettings(context, request.user.id));

  app.put('/settings/ai', async (request) =>
    updateAiSettings(context, request.user, parseWith(aiSettingsBody, request.body ?? {})),
  );
};
