import { FALLBACK_MODEL_COST, MODELS_FAILED_MESSAGE } from '../../../shared/ai/ai-messages';
import { HttpError } from '../../http/http-error';
import type { Model } from '../../../shared/ai/model';
import type { AiConfig } from '../../config/config';
import { parseModelId } from '../providers/model-id';
import type { ProviderRegistry } from '../providers/provider-registry';
import { readCatalogueFile } from './catalogue-file';
import { EndpointModels } from './endpoint-models';

function plainModel(name: string, freeTier: boolean): Model {
  return {
    model_name: name,
    descriptive_name: parseModelId(name)?.model ?? name,
    cost_per_section: FALLBACK_MODEL_COST,
    free_tier: freeTier,
  };
}

/**
 * The models users may choose: the administrator's catalogue file when there is one, else
 * everything the OpenAI-compatible endpoint lists (at the default cost, open to every user), plus
 * DEFAULT_MODEL. Models of providers that are not configured are left out.
 */
export class ModelCatalogue {
  readonly #endpoint: EndpointModels | null;

  constructor(
    private readonly config: AiConfig,
    private readonly providers: ProviderRegistry,
    private readonly log: (message: string, detail?: Record<string, unknown>) => void,
  ) {
    this.#endpoint = config.openai
      ? new EndpointModels(config.openai.baseUrl, config.openai.apiKey)
      : null;
  }

  /** Throws a 502 HttpError (logged) when the catalogue or the endpoint's list is unusable. */
  async list(): Promise<Model[]> {
    if (!this.providers.configured) return [];
    try {
      return await this.#list();
    } catch (error) {
      this.log('model list failed', { error: (error as Error).message });
      throw new HttpError(502, MODELS_FAILED_MESSAGE);
    }
  }

  async #list(): Promise<Model[]> {
    const catalogue = await readCatalogueFile(this.config.modelsFile);
    const models =
      catalogue ??
      (this.#endpoint
        ? (await this.#endpoint.list()).map((id) => plainModel(`openai:${id}`, true))
        : []);
    const usable = models.filter((model) =>
      this.providers.has(parseModelId(model.model_name)?.provider ?? ''),
    );
    const fallback = this.config.defaultModel;
    if (fallback && !usable.some((model) => model.model_name === fallback)) {
      if (this.providers.has(parseModelId(fallback)?.provider ?? '')) {
        usable.unshift(plainModel(fallback, catalogue === null));
      }
    }
    return usable;
  }

  /** DEFAULT_MODEL, else the first model offered; null when there is none. */
  async defaultModel(): Promise<Model | null> {
    const models = await this.list();
    const named = this.config.defaultModel;
    return models.find((model) => model.model_name === named) ?? models[0] ?? null;
  }
}
