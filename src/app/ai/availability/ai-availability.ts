import { MODEL_REQUIRED_MESSAGE } from '../../../shared/ai/ai-messages';

/** Every AI action the browser offers. */
export type AiAction =
  | 'rewrite'
  | 'refine'
  | 'shorter'
  | 'longer'
  | 'custom'
  | 'summary'
  /** The AI Writing Process (POST /api/scaffolded-writing/start answers 503 without a model). */
  | 'writing'
  /** Rewrite Paper (POST /api/paper-rewrite/start answers 503 without a model). */
  | 'rewrite-paper';

/** The actions the offline engine performs without a language model (docs/ai-api.md). */
const OFFLINE_ACTIONS: ReadonlySet<AiAction> = new Set(['rewrite', 'shorter']);

export interface AiCircumstances {
  /** A model provider is configured (GET /api/models/available `aiAvailable`). */
  aiAvailable: boolean;
  /**
   * Why the balance cannot pay a section with the user's model (the spec's 'Insufficient
   * balance…' message), or null when it can or billing is off.
   */
  insufficientBalance: string | null;
}

export interface Availability {
  enabled: boolean;
  /** Why the action is unavailable, in one sentence for the user; null when it is available. */
  reason: string | null;
}

/**
 * The one place that decides whether an AI action can be used now. Every button and menu entry
 * asks here; a new condition (the balance, for instance) is one more line below and a field in
 * AiCircumstances filled by useAiAvailability.
 */
export function decideAvailability(action: AiAction, circumstances: AiCircumstances): Availability {
  if (!circumstances.aiAvailable) {
    // The offline engine uses no model, so its actions cost nothing (docs/billing.md).
    return OFFLINE_ACTIONS.has(action)
      ? { enabled: true, reason: null }
      : { enabled: false, reason: MODEL_REQUIRED_MESSAGE };
  }
  if (circumstances.insufficientBalance !== null) {
    return { enabled: false, reason: circumstances.insufficientBalance };
  }
  return { enabled: true, reason: null };
}
