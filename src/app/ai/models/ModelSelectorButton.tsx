import { useState } from 'react';
import { languageName } from '../../../shared/ai/languages';
import { effectiveModel } from './model-access';
import { useAiSettings, useAvailableModels, useDefaultModel } from './models-api';
import { ModelSelectorDialog } from './ModelSelectorDialog';

/** The left sidebar's model selector (002 §2): the model and language in use, opening the dialog. */
export function ModelSelectorButton() {
  const [open, setOpen] = useState(false);
  const models = useAvailableModels();
  const defaultModel = useDefaultModel();
  const settings = useAiSettings();

  const model = effectiveModel(
    settings.data?.selectedModel ?? null,
    defaultModel.data ?? null,
    models.data?.models ?? [],
  );
  const offline = models.data?.aiAvailable === false;
  const language = languageName(settings.data?.contentLanguage ?? 'en');
  return (
    <>
      <button
        type="button"
        className="button block model-selector-button"
        title="Choose the AI model and the language it writes in"
        onClick={() => setOpen(true)}
      >
        <span className="model-selector-label">AI model</span>
        <span className="model-selector-value">
          {offline ? 'No AI provider' : (model?.descriptive_name ?? 'Default model')} · {language}
        </span>
      </button>
      {open && <ModelSelectorDialog onClose={() => setOpen(false)} />}
    </>
  );
}
