import type { Model } from '../../../shared/ai/model';

export const UPGRADE_REQUIRED_LABEL = 'Upgrade Required';

interface Account {
  userIsFreeTier: boolean;
  isAdmin: boolean;
}

/** Spec 002 §5–§6: free-tier users may pick only free_tier models; admins bypass the rule. */
export function mayChooseModel(model: Pick<Model, 'free_tier'>, account: Account): boolean {
  return account.isAdmin || !account.userIsFreeTier || model.free_tier;
}

/** The label a model row carries for this account ('Upgrade Required'), or null. */
export function modelBadge(model: Pick<Model, 'free_tier'>, account: Account): string | null {
  return mayChooseModel(model, account) ? null : UPGRADE_REQUIRED_LABEL;
}

/** An admin's custom model id must name its provider: 'provider:model' (002 §6). */
export function isProviderQualified(id: string): boolean {
  return /^[a-z][\w-]*:\S+$/i.test(id.trim());
}

/** Dollars per section, 2 decimals at least; a missing cost shows as a dash (002 §5). */
export function formatCostPerSection(cost: number | null | undefined): string {
  if (typeof cost !== 'number' || !Number.isFinite(cost)) return '-';
  const digits = cost !== 0 && Math.abs(cost) < 0.01 ? 4 : 2;
  return `$${cost.toFixed(digits)}`;
}

/**
 * The model the AI uses for this user: the remembered choice, else the installation's
 * default. A remembered id the catalogue no longer lists (an admin's custom id) is still shown
 * as itself.
 */
export function effectiveModel(
  selected: string | null,
  defaultModel: Model | null,
  models: readonly Model[],
): { model_name: string; descriptive_name: string } | null {
  if (selected === null) return defaultModel;
  return (
    models.find((model) => model.model_name === selected) ?? {
      model_name: selected,
      descriptive_name: selected,
    }
  );
}
