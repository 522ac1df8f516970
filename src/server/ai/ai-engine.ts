import type { LanguageModel } from 'ai';
import type { Model } from '../../shared/ai/model';
import type { Config } from '../config/config';
import { ModelCatalogue } from './models/model-catalogue';
import { ProviderRegistry } from './providers/provider-registry';

/** A model chosen for a request: what the user sees (name, cost) and the instance to call. */
export interface ChosenModel {
  info: Model;
  instance: LanguageModel;
}

export type EngineLog = (message: string, detail?: Record<string, unknown>) => void;

/**
 * The AI engine's long-lived parts: providers built from the environment and the model
 * catalogue. Features call the functions of src/server/ai with the AppContext holding it.
 */
export class AiEngine {
  readonly providers: ProviderRegistry;
  readonly catalogue: ModelCatalogue;

  constructor(
    config: Config,
    readonly log: EngineLog,
  ) {
    this.providers = new ProviderRegistry(config.ai);
    this.catalogue = new ModelCatalogue(config.ai, this.providers, log);
  }

  instance(info: Model): ChosenModel {
    return { info, instance: this.providers.languageModel(info.model_name) };
  }
}
