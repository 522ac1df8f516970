/** A model the user may choose (002 §3 "Model"). */
export interface Model {
  /** Provider-qualified, e.g. 'openai:gpt-4o-mini'. */
  model_name: string;
  descriptive_name: string;
  /** Dollars per generated section. */
  cost_per_section: number;
  free_tier: boolean;
}

/** GET /api/models/available (002 §3 "Model list response", plus whether AI works at all). */
export interface ModelListResponse {
  models: Model[];
  userIsFreeTier: boolean;
  isAdmin: boolean;
  aiAvailable: boolean;
  message: string | null;
}
