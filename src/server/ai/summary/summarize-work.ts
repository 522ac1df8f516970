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
import type { CitedWork, Work } from '../../../shared/citations/work';
import { extractRefIds } from '../../../shared/document/extract-ref-ids';
import { splitSections } from '../../../shared/document/sections';
import type { AppContext } from '../../app-context';
import type { CurrentUser } from '../../auth/current-user';
import type { Db } from '../../db/database';
import { HttpError } from '../../http/http-error';
import { findVisibleWorks, findVisibleWorksByDoi } from '../../literature/store/work-store';
import type { PaperRow } from '../../papers/paper-store';
import type { ChosenModel } from '../ai-engine';
import { chooseAffordableModel } from '../../billing/affordable-model';
import { authorizedPaper } from '../../policies/paper-policy';
import { truncateToTokens } from '../prompt/token-count';
import { CitationFilter } from '../stream/citation-filter';
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

/** The part of the paper the prompt shows: the works it cites may be cited in the summary. */
const paperExcerpt = (paper: PaperRow): string => truncateToTokens(paper.content, 1500);

function prompt(work: Work, paper: PaperRow): string {
  const outline = splitSections(paper.content)
    .filter((section) => section.sectionLevel > 0)
    .map((section) => `${section.sectionNumber} ${section.sectionTitle}`.trim())
    .join('\n');
  const authors = work.authors.slice(0, 6).join('; ') || 'unknown authors';
  return [
    `Work: [${work.refId}] ${work.title} (${authors}, ${work.published_year ?? 'n.d.'})`,
    `Abstract: ${plainAbstract(work.abstract) || '(no abstract available: say so)'}`,
    `The author's paper: ${paper.title || '(untitled)'}${paper.field ? ` (${paper.field})` : ''}`,
    paper.description ? `About the paper: ${truncateToTokens(paper.description, 300)}` : '',
    outline ? `Outline:\n${outline}` : '',
    paper.content ? `Paper text (excerpt):\n${paperExcerpt(paper)}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

const uncheckedCitation = (work: Work): CitedWork => ({
  ...work,
  similarity_score: null,
  certainty: null,
  reasoning: null,
  evidence: null,
});

interface SummaryRun {
  model: ChosenModel;
  language: string;
  work: Work;
  paper: PaperRow;
  /** The works retrieved for the summary: the work and the works the paper excerpt cites. */
  citable: readonly Work[];
  signal: AbortSignal;
}

async function* summaryStream(context: AppContext, run: SummaryRun) {
  const { model, language, work, paper, signal } = run;
  try {
    yield STATUS_MARKER('searching');
    yield DATA_MARKER('work', { refId: work.refId, title: work.title, doi: work.doi });
    // Sent before the text, so the dialog labels each citation as soon as it streams.
    yield DATA_MARKER('citations', run.citable.map(uncheckedCitation));
    yield PART_MARKER('response');
    const result = streamText({
      model: model.instance,
      system: `You help a researcher decide how to use a scientific work. Write in ${language}, in two short paragraphs of plain prose: first what the work did and found, from its abstract only; then how it bears on the researcher's paper (which claims or sections it could support, qualify or challenge). Do not invent details the abstract does not give. Cite the work as [${work.refId}], and a work the paper cites by the id in its brackets; cite no other id.`,
      prompt: prompt(work, paper),
      abortSignal: signal,
      maxRetries: 1,
      // Errors arrive as stream parts and are answered there; the default would print them.
      onError: () => undefined,
    });
    // The same filter as every engine output: only the works retrieved for it may be cited.
    const filter = new CitationFilter(new Set(run.citable.map((citable) => citable.refId)));
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        const out = filter.push(part.text);
        if (out) yield out;
      } else if (part.type === 'error') throw part.error;
      else if (part.type === 'abort') return;
    }
    const rest = filter.flush();
    if (rest) yield rest;
    if (filter.removed > 0) yield DATA_MARKER('removed-citations', filter.removed);
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
  const paper = await authorizedPaper(db, request.user, 'edit', request.paperId);
  const work = await findWork(db, request.user.id, request.doi.trim());
  if (!work) throw new HttpError(404, SUMMARY_NOT_FOUND_MESSAGE);
  const { model, language } = await chooseAffordableModel(context, request.user, null);
  if (!model) throw new HttpError(503, MODEL_REQUIRED_MESSAGE);
  const cited = await findVisibleWorks(db, request.user.id, extractRefIds(paperExcerpt(paper)));
  const citable = [work, ...cited.filter((other) => other.refId !== work.refId)];
  return summaryStream(context, {
    model,
    language: languageName(language),
    work,
    paper,
    citable,
    signal: request.signal,
  });
}
