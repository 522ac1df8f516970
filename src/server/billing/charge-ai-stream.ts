import { randomUUID } from 'node:crypto';
import type { AppContext } from '../app-context';
import type { CurrentUser } from '../auth/current-user';
import { chooseModel } from '../ai/model-access';
import { chargedStream } from './charged-stream';

export interface AiStreamCharge {
  user: CurrentUser;
  /** The model the request named (null/undefined: the user's remembered or the default). */
  requestedModel: string | null | undefined;
  /** What the history shows, e.g. 'Rewrite of section 2.1'; the model's name is appended. */
  what: string;
  stream: AsyncIterable<string>;
}

/**
 * Prices one streamed engine answer (a section rewritten or refined, a summary) at the chosen
 * model's cost_per_section. The offline engine, which uses no model, is free. Each request is
 * its own unit of work: a new request for the same section is a new section written.
 */
export async function chargeAiStream(
  context: AppContext,
  charge: AiStreamCharge,
): Promise<AsyncIterable<string>> {
  const { model } = await chooseModel(context, charge.user, charge.requestedModel);
  if (!model) return charge.stream;
  return chargedStream(
    context,
    {
      userId: charge.user.id,
      what: `${charge.what} (${model.info.descriptive_name})`,
      idempotencyKey: `ai-stream:${randomUUID()}`,
      costPerSection: model.info.cost_per_section,
    },
    charge.stream,
  );
}
