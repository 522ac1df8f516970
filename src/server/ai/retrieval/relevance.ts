import type { Work } from '../../../shared/citations/work';
import { claimFeatures, prepareWork, type PreparedWork } from '../check/claim-features';
import { logisticProbability, type LogisticModel } from '../check/logistic-model';
import { plainAbstract } from '../text/plain-abstract';
import weights from './relevance-weights.json' with { type: 'json' };

/**
 * How likely a retrieved work is one an author would cite for a claim, from what the two share
 * (topic only: a work that contradicts the claim is still evidence the model should see). The
 * model and its floor were fitted on SciFact training claims (bench/ai/train-grounding-models.ts):
 * the floor keeps 95 % of the cited works BM25 retrieves and drops the works below it.
 */
const model: LogisticModel = weights;
export const RELEVANCE_FLOOR: number = weights.floor;
/** The offline engine's lower floor (99 % of cited works kept): it cites in the search's order. */
export const CITING_FLOOR: number = weights.citeFloor;

export function preparedWork(work: Work): PreparedWork {
  return prepareWork(work.title, plainAbstract(work.abstract));
}

export function relevance(claim: string, work: PreparedWork): number {
  return logisticProbability(model, claimFeatures(claim, work).features);
}
