import {
  MODEL_REQUIRED_MESSAGE,
  SECTION_NUMBER_REQUIRED_MESSAGE,
} from '../../../shared/ai/ai-messages';
import { actionOf } from '../../../shared/ai/rewrite-presets';
import type { AppContext } from '../../app-context';
import type { CurrentUser } from '../../auth/current-user';
import { HttpError } from '../../http/http-error';
import { chooseAffordableModel } from '../../billing/affordable-model';
import { authorizedPaper } from '../../policies/paper-policy';
import { filtersForRun } from '../search/run-filters';
import type { RewriteBody, SectionRun } from './rewrite-input';
import { OFFLINE_ACTIONS, writeOffline } from './write-offline';
import { writeWithModel } from './write-with-model';

export interface RewriteRequest {
  user: CurrentUser;
  body: RewriteBody;
  /** '/api/refine' always refines the structure. */
  route: 'rewrite' | 'refine';
  signal: AbortSignal;
}

/**
 * POST /api/rewrite and /api/refine: checks everything that can fail before a byte is sent
 * (section number, paper, model, offline ability) and answers the stream to send.
 */
export async function rewriteSection(
  context: AppContext,
  request: RewriteRequest,
): Promise<AsyncIterable<string>> {
  const { user, body } = request;
  if (!body.sectionNumber.trim()) throw new HttpError(400, SECTION_NUMBER_REQUIRED_MESSAGE);
  const paper = await authorizedPaper(context.database.db, user, 'edit', body.paperId);
  const action =
    request.route === 'refine' ? 'refine' : (body.action ?? actionOf(body.taskExplanation));
  const { model, language } = await chooseAffordableModel(context, user, body.selectedModel);
  if (!model && !OFFLINE_ACTIONS.has(action)) throw new HttpError(503, MODEL_REQUIRED_MESSAGE);
  const filters = await filtersForRun(context, user.id, body.filters);
  const run: SectionRun = {
    user,
    paper,
    body,
    action,
    filters,
    language,
    model,
    signal: request.signal,
  };
  return model ? writeWithModel(context, run) : writeOffline(context, run);
}
