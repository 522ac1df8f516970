import type { ClaimFeatures, FeatureName } from '../../src/server/ai/check/claim-features';
import type { LogisticModel } from '../../src/server/ai/check/logistic-model';

export interface WeightedExample {
  features: ClaimFeatures;
  positive: boolean;
  /** How much the example counts within its class (hard negatives more). */
  emphasis: number;
}

export const round = (value: number) => Math.round(value * 10000) / 10000;

/**
 * Logistic regression with L2 on standardised features, by gradient descent; the two classes
 * weigh equally in total, each example by its emphasis within its class.
 */
export function fitLogistic(
  examples: readonly WeightedExample[],
  names: readonly FeatureName[],
): LogisticModel {
  const rows = examples.map((example) => names.map((name) => example.features[name]));
  const mean = names.map((_n, j) => rows.reduce((sum, row) => sum + row[j]!, 0) / rows.length);
  const sd = names.map((_n, j) =>
    Math.max(
      1e-6,
      Math.sqrt(rows.reduce((sum, row) => sum + (row[j]! - mean[j]!) ** 2, 0) / rows.length),
    ),
  );
  const x = rows.map((row) => row.map((value, j) => (value - mean[j]!) / sd[j]!));
  const y = examples.map((example) => (example.positive ? 1 : 0));
  const emphasis = examples.map((example) => example.emphasis);
  const positiveWeight = emphasis.reduce((sum, value, i) => sum + (y[i] ? value : 0), 0);
  const negativeWeight = emphasis.reduce((sum, value, i) => sum + (y[i] ? 0 : value), 0);
  const sampleWeight = emphasis.map(
    (value, i) => (value * 0.5) / (y[i] ? positiveWeight : negativeWeight),
  );
  const w = names.map(() => 0);
  let b = 0;
  const l2 = 1e-3;
  for (let step = 0; step < 3000; step++) {
    const gradW = names.map(() => 0);
    let gradB = 0;
    x.forEach((row, i) => {
      const z = b + row.reduce((sum, value, j) => sum + value * w[j]!, 0);
      const error = (1 / (1 + Math.exp(-z)) - y[i]!) * sampleWeight[i]!;
      gradB += error;
      row.forEach((value, j) => (gradW[j]! += error * value));
    });
    b -= 1 * gradB;
    w.forEach((_v, j) => (w[j]! -= 1 * (gradW[j]! + l2 * w[j]!)));
  }
  const weights: Partial<Record<FeatureName, number>> = {};
  let intercept = b;
  names.forEach((name, j) => {
    weights[name] = round(w[j]! / sd[j]!);
    intercept -= (w[j]! * mean[j]!) / sd[j]!;
  });
  return { intercept: round(intercept), weights };
}
