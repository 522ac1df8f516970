import type { BoostedTrees } from './boosted-trees';

/**
 * Fits gradient-boosted trees for a logistic loss (Newton leaves, L2 on the leaf values) over a
 * small table of features, as boosted-trees.ts evaluates them. Splits are
 * searched among at most `bins` quantile thresholds per feature, which is plenty for a few
 * thousand examples and keeps the shipped thresholds few and round.
 */
export interface BoostingOptions {
  trees: number;
  depth: number;
  learningRate: number;
  /** L2 penalty on leaf values. */
  lambda: number;
  /** The least summed hessian (weighted examples) a child may hold. */
  minChildWeight: number;
  bins: number;
  /** Share of the examples each tree is fitted on (drawn by `random`). */
  subsample: number;
  random: () => number;
}

export const DEFAULT_BOOSTING: Omit<BoostingOptions, 'random'> = {
  trees: 150,
  depth: 3,
  learningRate: 0.08,
  lambda: 1,
  minChildWeight: 3,
  bins: 24,
  subsample: 0.8,
};

const NO_SPLIT = 1e300;
const round = (value: number) => Number(value.toPrecision(5));

function thresholdsOf(column: number[], bins: number): number[] {
  const sorted = [...column].sort((a, b) => a - b);
  const cuts = new Set<number>();
  for (let k = 1; k < bins; k++) {
    const value = sorted[Math.floor((k * sorted.length) / bins)]!;
    // A cut at the largest value would send every sample left.
    if (value < sorted[sorted.length - 1]!) cuts.add(round(value));
  }
  return [...cuts].sort((a, b) => a - b);
}

export function fitBoostedTrees(
  features: string[],
  rows: readonly number[][],
  labels: readonly number[],
  weights: readonly number[],
  options: BoostingOptions,
): BoostedTrees {
  const n = rows.length;
  const d = features.length;
  const cuts = features.map((_name, j) =>
    thresholdsOf(
      rows.map((row) => row[j]!),
      options.bins,
    ),
  );
  // Per sample and feature, the index of the first threshold it is at most (its bin).
  const binOf = rows.map((row) =>
    row.map((value, j) => {
      const list = cuts[j]!;
      let bin = 0;
      while (bin < list.length && value > list[bin]!) bin++;
      return bin;
    }),
  );
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  const positive = labels.reduce((sum, y, i) => sum + y * weights[i]!, 0) / totalWeight;
  const base = Math.log(positive / (1 - positive));
  const score = new Array<number>(n).fill(base);
  const model: BoostedTrees = { features, base: round(base), depth: options.depth, trees: [] };
  const inner = (1 << options.depth) - 1;

  for (let t = 0; t < options.trees; t++) {
    const grad = new Array<number>(n);
    const hess = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + Math.exp(-score[i]!));
      grad[i] = (p - labels[i]!) * weights[i]!;
      hess[i] = Math.max(1e-12, p * (1 - p)) * weights[i]!;
    }
    const sample = rows.map(() => options.random() < options.subsample);
    const feature = new Array<number>(inner).fill(0);
    const threshold = new Array<number>(inner).fill(NO_SPLIT);
    // Members of each node of the current level, the root holding the sampled examples.
    let level: number[][] = [rows.map((_r, i) => i).filter((i) => sample[i])];
    for (let depth = 0; depth < options.depth; depth++) {
      const next: number[][] = [];
      level.forEach((members, offset) => {
        const node = (1 << depth) - 1 + offset;
        let G = 0;
        let H = 0;
        for (const i of members) {
          G += grad[i]!;
          H += hess[i]!;
        }
        const parentGain = (G * G) / (H + options.lambda);
        let best = { gain: 1e-9, feature: -1, bin: -1 };
        for (let j = 0; j < d; j++) {
          const bins = cuts[j]!.length;
          if (bins === 0) continue;
          const g = new Array<number>(bins + 1).fill(0);
          const h = new Array<number>(bins + 1).fill(0);
          for (const i of members) {
            g[binOf[i]![j]!]! += grad[i]!;
            h[binOf[i]![j]!]! += hess[i]!;
          }
          let gl = 0;
          let hl = 0;
          for (let b = 0; b < bins; b++) {
            gl += g[b]!;
            hl += h[b]!;
            const hr = H - hl;
            if (hl < options.minChildWeight || hr < options.minChildWeight) continue;
            const gr = G - gl;
            const gain =
              (gl * gl) / (hl + options.lambda) + (gr * gr) / (hr + options.lambda) - parentGain;
            if (gain > best.gain) best = { gain, feature: j, bin: b };
          }
        }
        if (best.feature < 0) {
          next.push(members, []);
          return;
        }
        feature[node] = best.feature;
        threshold[node] = cuts[best.feature]![best.bin]!;
        next.push(
          members.filter((i) => binOf[i]![best.feature]! <= best.bin),
          members.filter((i) => binOf[i]![best.feature]! > best.bin),
        );
      });
      level = next;
    }
    const leaf = level.map((members) => {
      let G = 0;
      let H = 0;
      for (const i of members) {
        G += grad[i]!;
        H += hess[i]!;
      }
      return round((-G / (H + options.lambda)) * options.learningRate);
    });
    const tree = { feature, threshold, leaf };
    model.trees.push(tree);
    for (let i = 0; i < n; i++) {
      let node = 0;
      while (node < inner) {
        node = rows[i]![feature[node]!]! <= threshold[node]! ? 2 * node + 1 : 2 * node + 2;
      }
      score[i]! += leaf[node - inner]!;
    }
  }
  return model;
}
