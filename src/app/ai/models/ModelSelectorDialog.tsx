import { useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  FREE_TIER_MODEL_MESSAGE,
  NO_DEFAULT_MODEL_MESSAGE,
  NO_MODELS_MESSAGE,
  PRICING_FAILED_MESSAGE,
} from '../../../shared/ai/ai-messages';
import { CONTENT_LANGUAGES, isContentLanguage } from '../../../shared/ai/languages';
import type { Model } from '../../../shared/ai/model';
import { useAlert } from '../../components/AlertProvider';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import {
  formatCostPerSection,
  isProviderQualified,
  mayChooseModel,
  modelBadge,
} from './model-access';
import {
  useAiSettings,
  useAvailableModels,
  useDefaultModel,
  useSaveAiSettings,
  type AiSettings,
} from './models-api';

/** Up, Down, Home and End move the focus among a listbox's options; Enter or Space choose. */
function moveAmongOptions(event: KeyboardEvent<HTMLElement>) {
  const options = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="option"]')];
  const at = options.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'ArrowDown'
      ? options[Math.min(at + 1, options.length - 1)]
      : event.key === 'ArrowUp'
        ? options[Math.max(at - 1, 0)]
        : event.key === 'Home'
          ? options[0]
          : event.key === 'End'
            ? options.at(-1)
            : undefined;
  if (!next) return;
  event.preventDefault();
  for (const option of options) option.tabIndex = option === next ? 0 : -1;
  next.focus();
}

/**
 * The model selector of spec 002 §2: the models with their cost per section on the left (the
 * list panel is at most 420 px high, 002 §9), the content language in a settings column on the
 * right. Every choice is saved for the user at once, so it follows them to other browsers.
 */
export function ModelSelectorDialog({ onClose }: { onClose: () => void }) {
  const showAlert = useAlert();
  const models = useAvailableModels();
  const defaultModel = useDefaultModel();
  const settings = useAiSettings();
  const save = useSaveAiSettings();

  const change = (changes: Partial<AiSettings>) =>
    save.mutate(changes, { onError: (error) => showAlert(error.message) });

  const choose = (model: Model) => {
    if (!models.data || !mayChooseModel(model, models.data)) {
      showAlert(FREE_TIER_MODEL_MESSAGE);
      return;
    }
    change({ selectedModel: model.model_name });
  };

  const selected = settings.data?.selectedModel ?? defaultModel.data?.model_name ?? null;
  // The listbox is one Tab stop (the selected model, else the first); the arrows move in it.
  const listed = models.data?.models.some((model) => model.model_name === selected) ?? false;
  return (
    <Modal
      title="AI Model"
      onClose={onClose}
      width={780}
      footer={
        <button type="button" className="button primary" onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="model-selector">
        <div className="model-list-panel" aria-busy={models.isPending || save.isPending}>
          {models.isPending ? (
            <div className="center-muted">
              <Spinner label="Loading models" />
            </div>
          ) : models.isError ? (
            <p className="error-text" role="alert">
              {PRICING_FAILED_MESSAGE}
            </p>
          ) : models.data.models.length === 0 ? (
            <div className="empty-state">
              <p>{NO_MODELS_MESSAGE}</p>
              {models.data.message && <p className="model-help">{models.data.message}</p>}
            </div>
          ) : (
            <div
              className="model-list"
              role="listbox"
              aria-label="Models"
              onKeyDown={moveAmongOptions}
            >
              {models.data.models.map((model, index) => {
                const badge = modelBadge(model, models.data);
                const isSelected = model.model_name === selected;
                const tabStop = selected === null || !listed ? index === 0 : isSelected;
                return (
                  <button
                    key={model.model_name}
                    type="button"
                    role="option"
                    aria-selected={isSelected}
                    tabIndex={tabStop ? 0 : -1}
                    className={isSelected ? 'model-option selected' : 'model-option'}
                    onClick={() => choose(model)}
                  >
                    <span className="model-name">{model.descriptive_name}</span>
                    <span className="model-id muted">{model.model_name}</span>
                    <span className="model-cost">
                      {formatCostPerSection(model.cost_per_section)} per section
                    </span>
                    {badge && <span className="model-badge">{badge}</span>}
                  </button>
                );
              })}
            </div>
          )}
        </div>

        <aside className="model-settings" aria-label="Settings">
          <h3>Settings</h3>
          <label className="field">
            Content language
            <select
              value={settings.data?.contentLanguage ?? 'en'}
              disabled={!settings.data}
              onChange={(event) => {
                if (isContentLanguage(event.target.value)) {
                  change({ contentLanguage: event.target.value });
                }
              }}
            >
              {CONTENT_LANGUAGES.map((language) => (
                <option key={language.code} value={language.code}>
                  {language.name}
                </option>
              ))}
            </select>
          </label>
          <p className="muted model-help">The AI writes new text in this language.</p>

          <div className="model-default">
            <strong>Default model</strong>
            {defaultModel.isPending ? (
              <Spinner label="Loading the default model" />
            ) : defaultModel.data ? (
              <span>{defaultModel.data.descriptive_name}</span>
            ) : (
              <span className="muted">{NO_DEFAULT_MODEL_MESSAGE}</span>
            )}
            {settings.data?.selectedModel != null && defaultModel.data && (
              <button
                type="button"
                className="link-button"
                onClick={() => change({ selectedModel: null })}
              >
                Use the default model
              </button>
            )}
          </div>

          {models.data?.isAdmin && (
            <CustomModelForm onUse={(id) => change({ selectedModel: id })} />
          )}
        </aside>
      </div>
    </Modal>
  );
}

/** Admins may use any provider-qualified model id, forwarded as is (002 §6). */
function CustomModelForm({ onUse }: { onUse: (id: string) => void }) {
  const [id, setId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isProviderQualified(id)) {
      setProblem("Write the model as 'provider:model', e.g. openai:gpt-4o-mini.");
      return;
    }
    setProblem(null);
    onUse(id.trim());
  };
  return (
    <form className="custom-model" onSubmit={submit}>
      <label className="field">
        Custom model (admin)
        <input
          value={id}
          placeholder="provider:model"
          onChange={(event) => setId(event.target.value)}
        />
      </label>
      {problem && <p className="form-error">{problem}</p>}
      <button type="submit" className="button" disabled={id.trim() === ''}>
        Use this model
      </button>
    </form>
  );
}
