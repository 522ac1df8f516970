import type { ContentLanguage } from '../../shared/ai/languages';
import type { AppContext } from '../app-context';
import type { ChosenModel } from '../ai/ai-engine';
import type { CurrentUser } from '../auth/current-user';
import { chooseModel } from '../ai/model-access';
import { requireBalanceAbove } from './with-charge';

/**
 * The one gate every route that calls or queues model work passes (issue 31.6): the model the
 * request will use, checked against the user's rights (free tier: free models only; admins),
 * and the balance checked to be above its price per section (402 InsufficientBalanceError)
 * before any model is called. A null model is the offline engine, which is free.
 */
export async function chooseAffordableModel(
  context: AppContext,
  user: CurrentUser,
  requested: string | null | undefined,
): Promise<{ model: ChosenModel | null; language: ContentLanguage }> {
  const chosen = await chooseModel(context, user, requested);
  if (chosen.model) await requireBalanceAbove(context, user.id, chosen.model.info.cost_per_section);
  return chosen;
}
