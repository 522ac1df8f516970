import { DEFAULT_COST_PER_SECTION_USD } from '../../shared/billing/money';
import type { OutlineNode } from './structure-outline';

/** 001 §9: the comprehensive estimate assumes the structure grows about four times. */
export const EXPANSION_FACTOR = 4;

/**
 * A section the refinement expands (001 §5 'No content sections found'): a titled heading from
 * ## to ####; a ##### heading cannot go deeper (docs/structure.md, 'Refinement').
 */
export function isContentSection(node: OutlineNode): boolean {
  return node.level <= 4 && node.title.trim() !== '';
}

export interface RefineCost {
  sections: number;
  costPerSection: number;
  /** content sections × cost per section (001 §9). */
  refinement: number;
  /** About how many sections the extensive paper will have. */
  expandedSections: number;
  /** What writing the expanded paper's sections would cost at this model's price. */
  expandedWriting: number;
}

export function refineCost(
  nodes: readonly OutlineNode[],
  costPerSection: number | undefined,
): RefineCost {
  const cost = costPerSection ?? DEFAULT_COST_PER_SECTION_USD;
  const sections = nodes.filter(isContentSection).length;
  const expandedSections = sections * EXPANSION_FACTOR;
  return {
    sections,
    costPerSection: cost,
    refinement: sections * cost,
    expandedSections,
    expandedWriting: expandedSections * cost,
  };
}

/** Costs with two decimals and a dollar sign (001 §9). */
export const dollars2 = (amount: number) => `$${amount.toFixed(2)}`;

/**
 * Why Start Refinement is disabled (001 §5), or null: no model ('Please select a model
 * first'), nothing to refine ('No content sections found'), or the balance gate's message.
 */
export function startRefinementBlocked(state: {
  modelChosen: boolean;
  cost: Pick<RefineCost, 'sections'>;
  balance: string | null;
}): string | null {
  if (!state.modelChosen) return 'Please select a model first';
  if (state.cost.sections === 0) return 'No content sections found';
  return state.balance;
}
