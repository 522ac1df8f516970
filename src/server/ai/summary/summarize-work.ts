import { streamText } from 'ai';
import {
  MODEL_REQUIRED_MESSAGE,
  SUMMARY_FAILED_MESSAGE,
  SUMMARY_NOT_FOUND_MESSAGE,
} from '../../../shared/ai/ai-messages';
import { languageName } from '../../../shared/ai/languages';
import {
  DATA_MARKER,
  ERROR_MARKER,
  FINISHED_MARKER,
  PART_MARKER,
  STATUS_MARKER,
} from '../../../shared/ai/stream-markers';
import { parseDoi } from '../../../shared/citations/doi';
import { isRefId } from '../../../shared/citations/ref-id';
import type { Work } from '../../../shared/citations/work';
import { splitSections } from '../../../shared/document/sections';
import type { AppContext } from '../../app-context';
import type { CurrentUser } from '../../auth/current-user';
import type { Db } from '../../db/database';
import { HttpError } from '../../http/http-error';
import { findVisibleWorks, findVisibleWorksByDoi } from '../../literature/store/work-store';
import type { PaperRow } from '../../papers/paper-store';
import type { ChosenModel } from '../ai-engine';
import { chooseModel } from '../model-access';
import { ownedPaper } from '../owned-paper';
import { truncateToTokens } from '../prompt/token-count';
import { plainAbstract } from '../text/plain-abstract';

export interface SummaryRequest {
  user: CurrentUser;
  /** A DOI, or the refId of a work without one. */
  doi: string;
  paperId: string;
  signal: AbortSignal;
}

async function findWork(db: Db, viewerId: string, id: string): Promise<Work | undefined> {
  if (isRefId(id)) return (await findVisibleWorks(db, viewerId, [id]))[0];
  const doi = parseDoi(id);
  return doi ? (await findVisibleWorksByDoi(db, viewerId, [doi]))[0] : undefined;
}

function prompt(work: Work, paper: PaperRow): string {
  const outline = splitSections(paper.content)
    .filter((section) => section.sectionLevel > 0)
    .map((section) => `${section.sectionNumber} ${section.sectionTitle}`.trim())
    .join('\n');
  const authors = work.authors.slice(0, 6).join('; ') || 'unknown authors';
  return [
    `Work: ${work.title} (${authors}, ${work.published_year ?? 'n.d.'})`,
    `Abstract: ${plainAbstract(work.abstract) || '(no abstract available: say so)'}`,
    `The author's paper: ${paper.title || '(untitled)'}${paper.field ? ` (${paper.field})` : ''}`,
    paper.description ? `About the paper: ${truncateToTokens(paper.description, 300)}` : '',
    outline ? `Outline:\n${outline}` : '',
    paper.content ? `Paper text (excerpt):\n${truncateToTokens(paper.content, 1500)}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

async function* summaryStream(
  context: AppContext,
  model: ChosenModel,
  language: string,
  work: Work,
  paper: PaperRow,
  signal: AbortSignal,
) {
  try {
    yield STATUS_MARKER('searching');
    yield DATA_MARKER('work', { refId: work.refId, title: work.title, doi: work.doi });
    yield PART_MARKER('response');
    const result = streamText({
      model: model.instance,
      system: `You help a researcher decide how to use a scientific work. Write in ${language}, in two short paragraphs of plain prose: first what the work did and found, from its abstract only; then how it bears on the researcher's paper (which claims or sections it could support, qualify or challenge). Do not invent details the abstract does not give.`,
      prompt: prompt(work, paper),
      abortSignal: signal,
      maxRetries: 1,
      // Errors arrive as stream parts and are answered there; the default would print them.
      onError: () => undefined,
    });
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') yield part.text.replace(/\[(PART|STATUS):/g, '($1:');
      else if (part.type === 'error') throw part.error;
      else if (part.type === 'abort') return;
    }
    yield FINISHED_MARKER;
  } catch (error) {
    if (signal.aborted) return;
    context.ai.log('summary failed', { refId: work.refId, error: (error as Error).message });
    yield ERROR_MARKER(SUMMARY_FAILED_MESSAGE);
  }
}

/** POST /api/summarize-elaborate (002 §2, §7): a summary of a work and how it bears on the paper. */
export async function summarizeWork(
  context: AppContext,
  request: SummaryRequest,
): Promise<AsyncIterable<string>> {
  const { db } = context.database;
  const paper = await ownedPaper(db, request.user.id, request.paperId);
  const work = await findWork(db, request.user.id, request.doi.trim());
  if (!work) throw new HttpError(404, SUMMARY_NOT_FOUND_MESSAGE);
  const { model, language } = await chooseModel(context, request.user, null);
  if (!model) throw new HttpError(503, MODEL_REQUIRED_MESSAGE);
  return summaryStream(context, model, languageName(language), work, paper, request.signal);
}
