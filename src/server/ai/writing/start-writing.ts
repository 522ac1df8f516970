import { MODEL_REQUIRED_MESSAGE } from '../../../shared/ai/ai-messages';
import { isBibliographySection } from '../../../shared/document/bibliography-section';
import { splitSections } from '../../../shared/document/sections';
import { isContentLanguage } from '../../../shared/ai/languages';
import type { AppContext } from '../../app-context';
import type { CurrentUser } from '../../auth/current-user';
import { HttpError } from '../../http/http-error';
import { enqueueOnePerPaper } from '../../queue/enqueue-one-per-paper';
import { isRunning, listOwnedJobs } from '../../queue/job-store';
import { SCAFFOLDED_WRITING_JOB } from '../../queue/jobs/scaffolded-writing';
import { chooseAffordableModel } from '../../billing/affordable-model';
import { authorizedPaper } from '../../policies/paper-policy';
import type { PartialFilters } from '../search/partial-filters';
import { filtersForRun } from '../search/run-filters';
import { insertWritingSections, type PlannedSection } from './writing-store';

export const WRITING_RUNNING_MESSAGE = 'The AI is already writing this paper';

/** A section as the client chooses it; the server records its body at the start. */
export type ChosenSection = Omit<PlannedSection, 'baseContent'>;

export interface StartWritingRequest {
  paperId: string;
  paperType?: string | undefined;
  /** Section indexes in writing order; absent: the order of `sections`. */
  sequence?: number[] | undefined;
  sections: ChosenSection[];
  selectedModel?: string | null | undefined;
  selectedLanguage?: string | null | undefined;
  filters?: PartialFilters | undefined;
  reasoning?: string | null | undefined;
}

/** The chosen sections in the order of `sequence`, which must name each of them once. */
export function sectionsInOrder<Chosen extends ChosenSection>(
  sections: readonly Chosen[],
  sequence: readonly number[] | undefined,
): Chosen[] {
  const byIndex = new Map(sections.map((section) => [section.sectionIndex, section]));
  if (byIndex.size !== sections.length) throw new HttpError(400, 'Each section may be chosen once');
  if (!sequence) return [...sections];
  const ordered = sequence.map((index) => byIndex.get(index));
  if (
    new Set(sequence).size !== sequence.length ||
    ordered.length !== sections.length ||
    ordered.some((section) => section === undefined)
  ) {
    throw new HttpError(400, 'The sequence must list each chosen section once');
  }
  return ordered as Chosen[];
}

/**
 * Each chosen section must be a numbered section of the saved paper at its index (the client
 * saves before it starts), so the job and the final save put every text where it belongs; and
 * not the reference list, which is generated from the citations and never written over.
 */
export function assertSectionsInPaper(
  content: string,
  sections: readonly ChosenSection[],
): PlannedSection[] {
  const paperSections = splitSections(content);
  return sections.map((section) => {
    const found = paperSections[section.sectionIndex];
    if (!found || found.sectionNumber === '' || found.sectionTitle !== section.sectionTitle) {
      throw new HttpError(
        400,
        `The section "${section.sectionTitle}" is not a numbered section of the saved paper`,
      );
    }
    if (isBibliographySection(found)) {
      throw new HttpError(400, referenceListRefusal(section.sectionTitle));
    }
    // What the written text may replace at Save: the body as it is now (issue 32).
    return { ...section, baseContent: found.contentMarkdown };
  });
}

export const referenceListRefusal = (title: string) =>
  `The section "${title}" is the reference list: it is made from the citations, and the AI does not write over it`;

/** POST /api/scaffolded-writing/start: checks everything, then queues the writing job. */
export async function startWriting(
  context: AppContext,
  user: CurrentUser,
  request: StartWritingRequest,
) {
  const paper = await authorizedPaper(context.database.db, user, 'edit', request.paperId);
  // One writing process per paper (001 §7: /active names one job): another running one would
  // write and charge out of sight of the modal, which follows the newest.
  const previous = await listOwnedJobs(context.database.db, user.id, {
    paperId: paper.id,
    type: SCAFFOLDED_WRITING_JOB,
  });
  if (previous.some(isRunning)) throw new HttpError(409, WRITING_RUNNING_MESSAGE);
  // The start the written text is merged against at Save: the live document as it is now.
  const { markdown } = await context.liveDocuments.snapshot(paper.id);
  const sections = assertSectionsInPaper(
    markdown,
    sectionsInOrder(request.sections, request.sequence),
  );
  const { model, language } = await chooseAffordableModel(context, user, request.selectedModel);
  if (!model) throw new HttpError(503, MODEL_REQUIRED_MESSAGE);
  const filters = await filtersForRun(context, user.id, request.filters);
  const row = await enqueueOnePerPaper(
    context.queue,
    SCAFFOLDED_WRITING_JOB,
    {
      ownerId: user.id,
      paperId: paper.id,
      input: {
        user,
        paperType: request.paperType || paper.type,
        model: model.info,
        language: isContentLanguage(request.selectedLanguage) ? request.selectedLanguage : language,
        filters,
        reasoning: request.reasoning ?? '',
        sections,
      },
    },
    WRITING_RUNNING_MESSAGE,
  );
  await insertWritingSections(context.database.db, row.id, sections);
  return { jobId: row.id, createdAt: row.createdAt.toISOString() };
}
