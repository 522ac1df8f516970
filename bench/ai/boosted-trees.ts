/**
 * Gradient-boosted decision trees as shipped in a weights file: every tree is complete and of
 * the same depth, stored in heap order (node i has children 2i+1 and 2i+2), so evaluating one
 * is `depth` comparisons. A sample goes left when its feature value is at most the threshold.
 * The log-odds are `base` plus the sum of the leaves reached. Fitted by gradient-boosting.ts;
 * measured for the citation check by train-citation-check.ts, not shipped (docs/ai-engine.md).
 */
export interface BoostedTrees {
  /** The names of the features, in the order the trees index them. */
  features: string[];
  base: number;
  depth: number;
  trees: {
    /** The feature index tested at each inner node. */
    feature: number[];
    threshold: number[];
    /** 2^depth leaf values, learning rate included. */
    leaf: number[];
  }[];
}

export function treesLogit(model: BoostedTrees, values: readonly number[]): number {
  let sum = model.base;
  const inner = (1 << model.depth) - 1;
  for (const tree of model.trees) {
    let node = 0;
    while (node < inner) {
      node = values[tree.feature[node]!]! <= tree.threshold[node]! ? 2 * node + 1 : 2 * node + 2;
    }
    sum += tree.leaf[node - inner]!;
  }
  return sum;
}
