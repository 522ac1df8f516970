import type { ClaimFeatures, FeatureName } from './claim-features';

/**
 * A logistic regression over claim features, as shipped in a weights file: the probability is
 * logistic(intercept + Σ weight × feature) over the features the file names.
 */
export interface LogisticModel {
  intercept: number;
  weights: Partial<Record<FeatureName, number>>;
}

export function logit(model: LogisticModel, features: ClaimFeatures): number {
  let sum = model.intercept;
  for (const [name, weight] of Object.entries(model.weights) as [FeatureName, number][]) {
    sum += weight * features[name];
  }
  return sum;
}

export const logistic = (value: number) => 1 / (1 + Math.exp(-value));

export function logisticProbability(model: LogisticModel, features: ClaimFeatures): number {
  return logistic(logit(model, features));
}
