/** The AI features' user-facing texts (000 §8, 002 §5 and §8), shared by server and UI. */
export const FREE_TIER_MODEL_MESSAGE =
  'This model is not available for free tier users. Please upgrade your account or select a free tier model.';

export const NO_PROVIDER_MESSAGE =
  'No AI provider is configured. An administrator can add one (see the README section "AI providers").';

export const NO_CONFIGURED_MODELS_MESSAGE =
  'A provider is configured but no model is offered: an administrator sets DEFAULT_MODEL or a model catalogue (see the README section "AI providers").';

export const MODEL_REQUIRED_MESSAGE =
  'This needs an AI model, and none is configured: an administrator can add one (see the README section "AI providers").';

export const GENERATE_FAILED_MESSAGE = 'Error: Failed to generate content. Please try again.';

export const SECTION_NUMBER_REQUIRED_MESSAGE = 'A rewrite needs a section number';

/** The rewrite preview's note when no retrieved work was relevant enough to give the model. */
export const NO_RELEVANT_LITERATURE_MESSAGE =
  'No relevant literature was found in the library for this section, so it was written without citations.';

export const SUMMARY_NOT_FOUND_MESSAGE = 'Could not summarize the paper.';

export const SUMMARY_FAILED_MESSAGE = 'An error occurred while processing the paper.';

export const NO_MODELS_MESSAGE = 'No models available.';

export const NO_DEFAULT_MODEL_MESSAGE = 'No default model configured.';

export const PRICING_FAILED_MESSAGE = 'Failed to load pricing';

export const MODELS_FAILED_MESSAGE = 'Failed to load models';

/** 002 §9: the cost shown when a model has none. */
export const FALLBACK_MODEL_COST = 0.05;

/** Issue 32: an AI result was saved beside text typed into its section while the job ran. */
export const KEPT_EDITS_MESSAGE =
  'You edited this section while the AI wrote it: your text was kept';

/** Where the notice applies: 'Section 2 Methods: You edited…', one line per section. */
export function keptEditsNotice(sectionLabels: readonly string[]): string {
  return sectionLabels.map((label) => `Section ${label}: ${KEPT_EDITS_MESSAGE}`).join('\n');
}
