import type { ScoredWork } from '../../literature/providers/literature-provider';
import { preparedWork, relevance, RELEVANCE_FLOOR } from './relevance';

/** A sentence rarely needs more works than this; more would be padding for a one-claim section. */
export const MAX_PER_CLAIM = 4;
/** Works every claim may get above the floor; more only when clearly on its topic. */
export const FIRST_PER_CLAIM = 2;
/**
 * The relevance a work past a claim's first two must reach. Chosen on SciFact training claims
 * (bench/ai/evidence-rule.ts): against the plain cap of 4, it keeps 67.9 % instead of 72.1 % of
 * the claims' cited works and cuts off-topic slots from 25.0 % to 15.9 %, the later works
 * being the ones that share the claim's common words and not its specific ones.
 */
export const STRONG_RELEVANCE = 0.7;

/**
 * The retrieved works relevant to at least one of `targets` (the section's claims, or the
 * queries of a section still to be written): for each target, the first FIRST_PER_CLAIM works
 * at or above the calibrated floor in the search's fused order (which ranks the cited work
 * higher than the relevance score does, bench/ai/citation-suggestion.ts), then up to
 * MAX_PER_CLAIM in all of those at or above STRONG_RELEVANCE, taken in turns (each target's
 * first, then each one's second…) so that every claim gets its evidence before any claim gets
 * more. Empty when nothing is relevant: the caller says so instead of padding the prompt with
 * what the search happened to return.
 */
export function relevantEvidence(
  targets: readonly string[],
  candidates: readonly ScoredWork[],
): ScoredWork[] {
  if (targets.length === 0) return [];
  const prepared = candidates.map((work) => ({ work, text: preparedWork(work) }));
  const perTarget = targets.map((target) => {
    const above = prepared
      .map(({ work, text }) => ({ work, score: relevance(target, text) }))
      .filter((entry) => entry.score >= RELEVANCE_FLOOR);
    return [
      ...above.slice(0, FIRST_PER_CLAIM),
      ...above.slice(FIRST_PER_CLAIM).filter((entry) => entry.score >= STRONG_RELEVANCE),
    ].slice(0, MAX_PER_CLAIM);
  });
  const chosen = new Map<string, ScoredWork>();
  const depth = Math.max(0, ...perTarget.map((list) => list.length));
  for (let turn = 0; turn < depth; turn++) {
    for (const list of perTarget) {
      const entry = list[turn];
      if (entry && !chosen.has(entry.work.refId)) chosen.set(entry.work.refId, entry.work);
    }
  }
  return [...chosen.values()];
}
