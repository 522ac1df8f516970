import { MODEL_REQUIRED_MESSAGE } from '../../../shared/ai/ai-messages';
import type { AppContext } from '../../app-context';
import type { CurrentUser } from '../../auth/current-user';
import { HttpError } from '../../http/http-error';
import { enqueueOnePerPaper } from '../../queue/enqueue-one-per-paper';
import { deleteOwnedJob, isRunning, listOwnedJobs } from '../../queue/job-store';
import { PAPER_REWRITE_JOB } from '../../queue/jobs/paper-rewrite';
import { chooseAffordableModel } from '../../billing/affordable-model';
import { authorizedPaper } from '../../policies/paper-policy';
import type { PartialFilters } from '../search/partial-filters';
import { filtersForRun } from '../search/run-filters';
import { planRewrite, type RequestedSection, type RequestedTask } from './plan-rewrite';
import { insertRewriteSections } from './rewrite-store';

export const REWRITE_RUNNING_MESSAGE = 'A rewrite of this paper is already running';

export interface StartRewriteRequest {
  paperId: string;
  paperType?: string | undefined;
  sections: RequestedSection[];
  tasks: RequestedTask[];
  filters?: PartialFilters | undefined;
  selectedModel?: string | null | undefined;
}

/** The paper's rewrite jobs, newest first. */
export function paperRewriteJobs(context: AppContext, userId: string, paperId: string) {
  return listOwnedJobs(context.database.db, userId, { paperId, type: PAPER_REWRITE_JOB });
}

/**
 * POST /api/paper-rewrite/start: checks everything (paper, sections, model, balance above one
 * section's price), replaces the paper's finished rewrite results and queues the job.
 */
export async function startRewrite(
  context: AppContext,
  user: CurrentUser,
  request: StartRewriteRequest,
) {
  const db = context.database.db;
  const paper = await authorizedPaper(db, user, 'edit', request.paperId);
  const previous = await paperRewriteJobs(context, user.id, paper.id);
  if (previous.some(isRunning)) throw new HttpError(409, REWRITE_RUNNING_MESSAGE);
  // Each section's originalContent is what its result may replace at Save (issue 32): the
  // live document as it is now.
  const { markdown } = await context.liveDocuments.snapshot(paper.id);
  const sections = planRewrite(markdown, request.sections, request.tasks);
  const { model, language } = await chooseAffordableModel(context, user, request.selectedModel);
  if (!model) throw new HttpError(503, MODEL_REQUIRED_MESSAGE);
  const filters = await filtersForRun(context, user.id, request.filters);
  for (const job of previous) await deleteOwnedJob(db, user.id, job.id);
  const row = await enqueueOnePerPaper(
    context.queue,
    PAPER_REWRITE_JOB,
    {
      ownerId: user.id,
      paperId: paper.id,
      input: {
        user,
        paperType: request.paperType || paper.type,
        model: model.info,
        language,
        filters,
        sections,
      },
    },
    REWRITE_RUNNING_MESSAGE,
  );
  await insertRewriteSections(db, row.id, sections);
  return { jobId: row.id };
}
