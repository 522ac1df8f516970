import { streamText } from 'ai';
import { languageName } from '../../../shared/ai/languages';
import { extractRefIds } from '../../../shared/document/extract-ref-ids';
import {
  DATA_MARKER,
  ERROR_MARKER,
  FINISHED_MARKER,
  PART_MARKER,
  STATUS_MARKER,
} from '../../../shared/ai/stream-markers';
import type { AppContext } from '../../app-context';
import { promptFilesForPaper } from '../../files/prompt-files';
import { findPaperWorks } from '../../papers/paper-citations';
import type { ScoredWork } from '../../literature/providers/literature-provider';
import { checkCitations } from '../check/check-citations';
import { citingSentences } from '../check/claims';
import { fitEvidence } from '../prompt/evidence-block';
import { PROMPT_BUDGET, systemPrompt, userPrompt } from '../prompt/section-prompt';
import { gatherEvidence, withCitedWorks } from '../retrieval/gather-evidence';
import { planQueries } from '../retrieval/plan-queries';
import { relevantEvidence } from '../retrieval/relevant-evidence';
import { sectionClaims } from '../retrieval/section-claims';
import { sectionContext } from '../retrieval/section-context';
import { CitationFilter } from '../stream/citation-filter';
import { citedWorks } from './cited-works';
import { removedCitationClaims } from './removed-claims';
import type { SectionRun } from './rewrite-input';
import { streamFailureMessage } from './stream-errors';

const MAX_EVIDENCE = 14;

/**
 * The grounded writer: plan queries, retrieve, keep the best works as evidence within the
 * token budget, prompt, stream the text through the citation filter, then check the citations
 * that remain and send them with their verdicts. Yields the marker protocol of src/shared/ai/stream-markers.ts.
 */
export async function* writeWithModel(context: AppContext, run: SectionRun) {
  const { body, paper, signal } = run;
  const model = run.model;
  if (!model) throw new Error('writeWithModel needs a model');
  const log = context.ai.log;
  try {
    yield STATUS_MARKER('planning');
    const section = sectionContext(
      { ...paper, type: body.paperType || paper.type },
      body.text,
      body,
      body.sectionTitle,
      body.currentSection,
    );
    const alreadyCited = await findPaperWorks(
      context.database.db,
      paper,
      run.user.id,
      extractRefIds(body.currentSection),
    );
    let found: ScoredWork[] = [];
    if (body.enableLiteratureSearch) {
      const queries = await planQueries(section, model.instance, log, signal);
      yield DATA_MARKER('queries', queries);
      yield STATUS_MARKER('searching');
      const candidates = await gatherEvidence(
        context.literature.provider,
        queries,
        run.filters,
        run.user.id,
        log,
      );
      // Judged against what the section says; a section still to be written has only its queries.
      const claims = sectionClaims(section.sectionText);
      found = relevantEvidence(claims.length > 0 ? claims : queries, candidates);
    }
    const evidence = fitEvidence(
      withCitedWorks(alreadyCited, found),
      PROMPT_BUDGET.evidence,
      MAX_EVIDENCE,
    );
    const noRelevantLiterature = body.enableLiteratureSearch && evidence.works.length === 0;
    yield DATA_MARKER(
      'evidence',
      evidence.works.map((work) => ({ refId: work.refId, title: work.title })),
    );
    if (noRelevantLiterature) yield DATA_MARKER('no-relevant-literature', true);
    const files = await promptFilesForPaper(context, {
      paperId: paper.id,
      focusText: body.currentSection || body.sectionTitle,
      tokenBudget: PROMPT_BUDGET.files,
    });
    if (files.shortened.length > 0) yield DATA_MARKER('files-shortened', files.shortened);

    const promptInput = {
      context: section,
      sectionNumber: body.sectionNumber,
      taskExplanation: body.taskExplanation,
      languageName: languageName(run.language),
      evidenceBlock: evidence.block,
      noRelevantLiterature,
      files: files.files,
      currentParagraph: body.currentParagraph,
      updatedSectionSoFar: body.updatedSectionSoFar,
      writtenSections: body.writtenSections,
    };
    yield STATUS_MARKER('writing');
    yield PART_MARKER('content');
    const result = streamText({
      model: model.instance,
      system: systemPrompt(promptInput),
      prompt: userPrompt(promptInput),
      abortSignal: signal,
      maxRetries: 1,
      // Errors arrive as stream parts and are answered there; the default would print them.
      onError: () => undefined,
    });
    const filter = new CitationFilter(new Set(evidence.works.map((work) => work.refId)));
    let text = '';
    // What the model wrote, made-up citations included: which claims lost one is reported.
    let raw = '';
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        raw += part.text;
        const out = filter.push(part.text);
        text += out;
        if (out) yield out;
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'abort') {
        return;
      }
    }
    const rest = filter.flush();
    text += rest;
    if (rest) yield rest;
    if (filter.removed > 0) {
      log('removed citations outside the evidence set', {
        paperId: paper.id,
        removed: filter.removed,
      });
    }

    const byRefId = new Map(evidence.works.map((work) => [work.refId, work]));
    const requests = citingSentences(text).flatMap((sentence) =>
      sentence.refIds.flatMap((refId) => {
        const work = byRefId.get(refId);
        return work ? [{ claim: sentence.claim, work }] : [];
      }),
    );
    const firstPerWork = requests.filter(
      (request, index) => requests.findIndex((r) => r.work.refId === request.work.refId) === index,
    );
    const checks = await checkCitations(firstPerWork, model.instance, log, signal);
    // Not stored here: the works join the paper when the user accepts the text (a cancelled
    // preview changes nothing in the paper).
    yield DATA_MARKER('citations', citedWorks(checks, byRefId));
    if (filter.removed > 0) {
      yield DATA_MARKER('removed-citations', filter.removed);
      yield DATA_MARKER('removed-citation-claims', removedCitationClaims(raw, byRefId));
    }
    yield FINISHED_MARKER;
  } catch (error) {
    if (signal.aborted) return;
    log('section writing failed', { paperId: paper.id, error: (error as Error).message });
    yield ERROR_MARKER(streamFailureMessage(error));
  }
}
