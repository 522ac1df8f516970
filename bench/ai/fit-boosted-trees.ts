import type { ClaimFeatures, FeatureName } from '../../src/server/ai/check/claim-features';
import type { BoostedTrees, TreeNode } from '../../src/server/ai/check/boosted-trees';

export interface BoostingOptions {
  trees: number;
  depth: number;
  learningRate: number;
  /** Smallest summed hessian a leaf may hold: no leaf is fitted to a handful of pairs. */
  minLeafWeight: number;
  /** L2 penalty on leaf values. */
  lambda: number;
  /** Candidate thresholds per feature (quantiles of its values). */
  bins: number;
}

export interface WeightedRow {
  features: ClaimFeatures;
  positive: boolean;
  weight: number;
}

const round = (value: number) => Math.round(value * 10000) / 10000;

function thresholds(values: number[], bins: number): number[] {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  if (sorted.length <= bins) {
    return sorted.slice(1).map((value, i) => (value + sorted[i]!) / 2);
  }
  const result = new Set<number>();
  for (let b = 1; b < bins; b++) {
    const i = Math.floor((b / bins) * sorted.length);
    result.add((sorted[i - 1]! + sorted[i]!) / 2);
  }
  return [...result];
}

/**
 * Logistic-loss gradient boosting (Newton leaves, as in XGBoost) with sample weights, for the
 * few thousand labelled pairs of the check: small enough to fit here without a library.
 */
export function fitBoostedTrees(
  rows: readonly WeightedRow[],
  names: readonly FeatureName[],
  options: BoostingOptions,
): BoostedTrees {
  const y: number[] = rows.map((row) => (row.positive ? 1 : 0));
  const w = rows.map((row) => row.weight);
  const totalW = w.reduce((a, b) => a + b, 0);
  const mean = y.reduce((sum, value, i) => sum + value * w[i]!, 0) / totalW;
  const base = Math.log(mean / (1 - mean));
  const cuts = new Map(
    names.map((name) => [
      name,
      thresholds(
        rows.map((row) => row.features[name]),
        options.bins,
      ),
    ]),
  );
  const margin = rows.map(() => base);
  const trees: TreeNode[] = [];
  for (let t = 0; t < options.trees; t++) {
    const g = margin.map((m, i) => (1 / (1 + Math.exp(-m)) - y[i]!) * w[i]!);
    const h = margin.map((m, i) => {
      const p = 1 / (1 + Math.exp(-m));
      return Math.max(1e-9, p * (1 - p)) * w[i]!;
    });
    const grow = (indices: number[], depth: number): TreeNode => {
      let G = 0;
      let H = 0;
      for (const i of indices) {
        G += g[i]!;
        H += h[i]!;
      }
      const leaf = { value: round((-G / (H + options.lambda)) * options.learningRate) };
      if (depth === options.depth) return leaf;
      const parentScore = (G * G) / (H + options.lambda);
      let best: { gain: number; feature: FeatureName; threshold: number } | null = null;
      for (const name of names) {
        for (const threshold of cuts.get(name)!) {
          let GL = 0;
          let HL = 0;
          for (const i of indices) {
            if (rows[i]!.features[name] < threshold) {
              GL += g[i]!;
              HL += h[i]!;
            }
          }
          const GR = G - GL;
          const HR = H - HL;
          if (HL < options.minLeafWeight || HR < options.minLeafWeight) continue;
          const gain =
            (GL * GL) / (HL + options.lambda) + (GR * GR) / (HR + options.lambda) - parentScore;
          if (gain > 1e-9 && (!best || gain > best.gain)) best = { gain, feature: name, threshold };
        }
      }
      if (!best) return leaf;
      const { feature, threshold } = best;
      const below = indices.filter((i) => rows[i]!.features[feature] < threshold);
      const above = indices.filter((i) => rows[i]!.features[feature] >= threshold);
      return {
        feature,
        threshold: round(threshold),
        below: grow(below, depth + 1),
        above: grow(above, depth + 1),
      };
    };
    const tree = grow(
      rows.map((_r, i) => i),
      0,
    );
    trees.push(tree);
    rows.forEach((row, i) => {
      let node = tree;
      while (!('value' in node)) {
        node = row.features[node.feature] < node.threshold ? node.below : node.above;
      }
      margin[i]! += node.value;
    });
  }
  return { base: round(base), trees };
}
