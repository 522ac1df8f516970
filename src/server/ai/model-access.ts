import { NO_CONFIGURED_MODELS_MESSAGE, NO_PROVIDER_MESSAGE } from '../../shared/ai/ai-messages';
import {
  DEFAULT_CONTENT_LANGUAGE,
  isContentLanguage,
  type ContentLanguage,
} from '../../shared/ai/languages';
import type { ModelListResponse } from '../../shared/ai/model';
import type { AppContext } from '../app-context';
import type { CurrentUser } from '../auth/current-user';
import { isFreeTier } from '../billing/free-tier';
import { HttpError } from '../http/http-error';
import { readSettings, writeAiSettings } from '../settings/settings-store';
import type { ChosenModel } from './ai-engine';
import { checkModelChoice, resolveModel } from './models/model-choice';

export interface AiSettings {
  selectedModel: string | null;
  contentLanguage: ContentLanguage;
}

/** GET /api/models/available. */
export async function availableModels(
  context: AppContext,
  user: CurrentUser,
): Promise<ModelListResponse> {
  const { ai } = context;
  const [models, userIsFreeTier] = await Promise.all([
    ai.catalogue.list(),
    isFreeTier(context, user.id),
  ]);
  const aiAvailable = ai.providers.configured;
  return {
    models,
    userIsFreeTier,
    isAdmin: user.isAdmin,
    aiAvailable,
    message: !aiAvailable
      ? NO_PROVIDER_MESSAGE
      : models.length === 0
        ? NO_CONFIGURED_MODELS_MESSAGE
        : null,
  };
}

export async function readAiSettings(context: AppContext, userId: string): Promise<AiSettings> {
  const row = await readSettings(context.database.db, userId);
  return {
    selectedModel: row?.selectedModel ?? null,
    contentLanguage: isContentLanguage(row?.contentLanguage)
      ? row.contentLanguage
      : DEFAULT_CONTENT_LANGUAGE,
  };
}

/** PUT /api/settings/ai: a model is checked like a request for it (free tier, admin). */
export async function updateAiSettings(
  context: AppContext,
  user: CurrentUser,
  change: { selectedModel?: string | null | undefined; contentLanguage?: string | undefined },
): Promise<AiSettings> {
  if (change.contentLanguage !== undefined && !isContentLanguage(change.contentLanguage)) {
    throw new HttpError(400, `Unknown language: ${change.contentLanguage}`);
  }
  if (change.selectedModel) {
    const offered = await context.ai.catalogue.list();
    const chooser = { isAdmin: user.isAdmin, isFreeTier: await isFreeTier(context, user.id) };
    checkModelChoice(change.selectedModel, offered, chooser, context.ai.providers);
  }
  await writeAiSettings(context.database.db, user.id, {
    ...(change.selectedModel !== undefined ? { selectedModel: change.selectedModel } : {}),
    ...(change.contentLanguage !== undefined ? { contentLanguage: change.contentLanguage } : {}),
  });
  return readAiSettings(context, user.id);
}

/** The model a request runs with (null = offline), and the language to write in. */
export async function chooseModel(
  context: AppContext,
  user: CurrentUser,
  requested: string | null | undefined,
): Promise<{ model: ChosenModel | null; language: ContentLanguage }> {
  const { ai } = context;
  const settings = await readAiSettings(context, user.id);
  if (!ai.providers.configured) return { model: null, language: settings.contentLanguage };
  const [offered, fallback, freeTier] = await Promise.all([
    ai.catalogue.list(),
    ai.catalogue.defaultModel(),
    isFreeTier(context, user.id),
  ]);
  const info = resolveModel(
    requested,
    settings.selectedModel,
    fallback,
    offered,
    { isAdmin: user.isAdmin, isFreeTier: freeTier },
    ai.providers,
  );
  return { model: info ? ai.instance(info) : null, language: settings.contentLanguage };
}
