import type { ClaimFeatures } from './claim-features';
import { logistic, logit, type LogisticModel } from './logistic-model';

/**
 * The offline check in two parts whose log-odds add up: `topic`, whether the abstract states
 * the claim at all (fitted against unrelated, merely retrieved and cited-without-evidence
 * abstracts), and `agreement`, whether it agrees rather than contradicts (fitted on cited
 * abstracts only, over the negation, direction and figure cues). Fitted apart, the cues get the
 * weight they earn among abstracts on the claim's own topic, instead of being drowned by word
 * overlap as in one fit.
 */
export interface SupportModel {
  topic: LogisticModel;
  agreement: LogisticModel;
}

export function supportProbability(model: SupportModel, features: ClaimFeatures): number {
  return logistic(logit(model.topic, features) + logit(model.agreement, features));
}
