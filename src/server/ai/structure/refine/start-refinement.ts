import { isContentLanguage } from '../../../../shared/ai/languages';
import { isPaperType } from '../../../../shared/papers/paper-types';
import type { AppContext } from '../../../app-context';
import type { CurrentUser } from '../../../auth/current-user';
import { HttpError, notFound } from '../../../http/http-error';
import { findVisibleWorks } from '../../../literature/store/work-store';
import { authorizedPaper } from '../../../policies/paper-policy';
import { findOwnedJob } from '../../../queue/job-store';
import { REFINE_JOB, type RefineJobInput } from '../../../queue/jobs/structure-refine';
import { STRUCTURE_JOB } from '../../../queue/jobs/structure-generate';
import type { RefineBody } from '../../../routes/api/refine-structure/schema';
import { isUuid } from '../../../routes/api/files/schema';
import { chooseAffordableModel } from '../../../billing/affordable-model';
import { filtersForRun } from '../../search/run-filters';
import { NO_SECTIONS_MESSAGE, outlineRefIds, refineOutline, sentHeadings } from './refine-outline';
import { insertRefineSections } from './refine-store';

/** The uploaded files' text and the search context, as the prompt's material. */
function material(body: RefineBody): string {
  const files = (body.files ?? []).map((file) =>
    typeof file === 'string' ? file : (file.content ?? ''),
  );
  return [body.searchContext ?? '', ...files].filter((part) => part.trim()).join('\n\n');
}

/**
 * POST /api/refine-structure: checks everything, stores the headings as the job's checkpoints
 * and queues the job. The model, language and filters are resolved here with the user's
 * rights and kept in the job's input, so a resumed run works with what the user was offered.
 */
export async function startRefinement(
  context: AppContext,
  user: CurrentUser,
  body: RefineBody,
): Promise<{ jobId: string; totalSections: number }> {
  const db = context.database.db;
  const paper = body.paperId ? await authorizedPaper(db, user, 'edit', body.paperId) : null;
  if (body.structureJobId) {
    const job = isUuid(body.structureJobId)
      ? await findOwnedJob(db, user.id, body.structureJobId)
      : undefined;
    if (!job || job.type !== STRUCTURE_JOB) throw notFound('Job');
  }
  if (body.selectedLanguage && !isContentLanguage(body.selectedLanguage)) {
    throw new HttpError(400, `Unknown language: ${body.selectedLanguage}`);
  }
  const title = body.title?.trim() || paper?.title.trim() || '';
  if (!title) throw new HttpError(400, 'Title is required');
  const headings = sentHeadings(body.sections, body.content ?? '');
  const visible = await findVisibleWorks(db, user.id, outlineRefIds(headings));
  const outline = refineOutline(headings, new Map(visible.map((work) => [work.refId, work])));
  const totalSections = outline.filter((section) => section.refinable).length;
  if (totalSections === 0) throw new HttpError(400, NO_SECTIONS_MESSAGE);

  const [{ model, language }, filters] = await Promise.all([
    // Each heading is charged when it is refined; the balance must be above one heading's
    // price before anything is queued (001 §6).
    chooseAffordableModel(context, user, body.selectedModel),
    filtersForRun(context, user.id, body.filters),
  ]);
  const input: RefineJobInput = {
    title,
    description: body.description?.trim() || paper?.description || '',
    methodology: body.methodology?.trim() || paper?.methodology || '',
    field: body.field?.trim() || paper?.field || '',
    paperType: body.paperType ?? (paper && isPaperType(paper.type) ? paper.type : 'scientific'),
    language:
      body.selectedLanguage && isContentLanguage(body.selectedLanguage)
        ? body.selectedLanguage
        : language,
    filters,
    material: material(body),
    structureJobId: body.structureJobId ?? null,
    model: model
      ? {
          model_name: model.info.model_name,
          descriptive_name: model.info.descriptive_name,
          cost_per_section: model.info.cost_per_section,
        }
      : null,
    sections: outline,
  };
  const row = await context.queue.enqueue(REFINE_JOB, {
    ownerId: user.id,
    paperId: paper?.id ?? null,
    input,
  });
  await insertRefineSections(db, row.id, outline);
  return { jobId: row.id, totalSections };
}
