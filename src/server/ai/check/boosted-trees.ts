import type { ClaimFeatures, FeatureName } from './claim-features';
import { logistic } from './logistic-model';

/** A regression tree as shipped in a weights file: a leaf's value, or a split on one feature. */
export type TreeNode =
  | { value: number }
  | { feature: FeatureName; threshold: number; below: TreeNode; above: TreeNode };

/**
 * Gradient-boosted trees over claim features: the probability is logistic(base + Σ tree), each
 * tree sending a feature value below its threshold one way and the rest the other. Fitted by
 * bench/ai/train-grounding-models.ts; trees catch what a linear model cannot, such as a
 * reversed direction word mattering only when the abstract is about the claim at all.
 */
export interface BoostedTrees {
  base: number;
  trees: TreeNode[];
}

function leafValue(node: TreeNode, features: ClaimFeatures): number {
  let current = node;
  while (!('value' in current)) {
    current = features[current.feature] < current.threshold ? current.below : current.above;
  }
  return current.value;
}

export function boostedLogit(model: BoostedTrees, features: ClaimFeatures): number {
  return model.trees.reduce((sum, tree) => sum + leafValue(tree, features), model.base);
}

export function boostedProbability(model: BoostedTrees, features: ClaimFeatures): number {
  return logistic(boostedLogit(model, features));
}
