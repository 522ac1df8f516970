import { FALLBACK_MODEL_COST, FREE_TIER_MODEL_MESSAGE } from '../../../shared/ai/ai-messages';
import type { Model } from '../../../shared/ai/model';
import { HttpError } from '../../http/http-error';
import { parseModelId } from '../providers/model-id';
import type { ProviderRegistry } from '../providers/provider-registry';

export interface Chooser {
  isAdmin: boolean;
  isFreeTier: boolean;
}

/**
 * Checks a model a user asks for (002 §5, §6): it must be offered, free-tier users only get
 * free_tier models, and admins may name any model of a configured provider, forwarded as is.
 */
export function checkModelChoice(
  name: string,
  offered: readonly Model[],
  chooser: Chooser,
  providers: ProviderRegistry,
): Model {
  const model = offered.find((candidate) => candidate.model_name === name);
  if (model) {
    if (!model.free_tier && chooser.isFreeTier && !chooser.isAdmin) {
      throw new HttpError(403, FREE_TIER_MODEL_MESSAGE);
    }
    return model;
  }
  if (!chooser.isAdmin) throw new HttpError(400, `Unknown model: ${name}`);
  const id = parseModelId(name);
  if (!id) throw new HttpError(400, `Unknown model: ${name}`);
  if (!providers.has(id.provider)) {
    throw new HttpError(400, `Unknown model provider: ${id.provider}`);
  }
  return {
    model_name: name,
    descriptive_name: name,
    cost_per_section: FALLBACK_MODEL_COST,
    free_tier: false,
  };
}

/**
 * The model a request runs with: the one it names, else the user's remembered one while it is
 * still allowed, else the installation's default; null when no model is available (offline).
 */
export function resolveModel(
  requested: string | null | undefined,
  remembered: string | null | undefined,
  fallback: Model | null,
  offered: readonly Model[],
  chooser: Chooser,
  providers: ProviderRegistry,
): Model | null {
  if (requested) return checkModelChoice(requested, offered, chooser, providers);
  if (remembered) {
    try {
      return checkModelChoice(remembered, offered, chooser, providers);
    } catch {
      // The catalogue changed since the user chose: use the default rather than fail.
    }
  }
  if (fallback && fallback.free_tier === false && chooser.isFreeTier && !chooser.isAdmin) {
    const free = offered.find((model) => model.free_tier);
    if (!free) throw new HttpError(403, FREE_TIER_MODEL_MESSAGE);
    return free;
  }
  return fallback;
}
