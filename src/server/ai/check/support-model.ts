import type { ClaimFeatures } from './claim-features';
import { logistic, logit, type LogisticModel } from './logistic-model';

/**
 * The offline check in two parts: `topic`, whether the abstract states the claim at all (fitted
 * against unrelated, merely retrieved and cited-without-evidence abstracts), and `agreement`,
 * whether it agrees rather than contradicts (fitted on cited abstracts only, over the negation,
 * direction, opposite-word and figure cues). Fitted apart, the cues get the weight they earn
 * among abstracts on the claim's own topic, instead of being drowned by word overlap as in one
 * fit. Agreement only lowers the score: fitted on cited abstracts, its log-odds mean nothing for
 * an unrelated one, where adding a positive value let random abstracts pass.
 */
export interface SupportModel {
  topic: LogisticModel;
  agreement: LogisticModel;
}

export function supportProbability(model: SupportModel, features: ClaimFeatures): number {
  return logistic(logit(model.topic, features) + Math.min(0, logit(model.agreement, features)));
}
