import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { AiConfig } from '../../config/config';
import { parseModelId } from './model-id';

export type ProviderName = 'openai' | 'anthropic';

interface Provider {
  languageModel(modelId: string): LanguageModel;
}

export class UnknownModelProviderError extends Error {
  constructor(readonly provider: string) {
    super(`Unknown model provider: ${provider}`);
    this.name = 'UnknownModelProviderError';
  }
}

/**
 * The configured model providers, built once from the environment. Every model the engine uses
 * comes from a provider instance here, so its address and key travel with it.
 */
export class ProviderRegistry {
  readonly #providers = new Map<string, Provider>();

  constructor(config: AiConfig) {
    if (config.openai) {
      this.#providers.set(
        'openai',
        createOpenAICompatible({
          name: 'openai',
          baseURL: config.openai.baseUrl,
          ...(config.openai.apiKey ? { apiKey: config.openai.apiKey } : {}),
          includeUsage: true,
          supportsStructuredOutputs: true,
        }),
      );
    }
    if (config.anthropic) {
      const anthropic = createAnthropic({
        apiKey: config.anthropic.apiKey,
        ...(config.anthropic.baseUrl ? { baseURL: config.anthropic.baseUrl } : {}),
      });
      this.#providers.set('anthropic', { languageModel: (id) => anthropic.languageModel(id) });
    }
  }

  get configured(): boolean {
    return this.#providers.size > 0;
  }

  has(provider: string): boolean {
    return this.#providers.has(provider);
  }

  /** The model for a provider-qualified id; throws for an unconfigured provider. */
  languageModel(modelName: string): LanguageModel {
    const id = parseModelId(modelName);
    const provider = id ? this.#providers.get(id.provider) : undefined;
    if (!id || !provider) throw new UnknownModelProviderError(id?.provider ?? modelName);
    return provider.languageModel(id.model);
  }
}
