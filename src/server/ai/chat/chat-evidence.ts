import type { LanguageModel } from 'ai';
import type { SearchFilters } from '../../../shared/literature/search-filters';
import type { AppContext } from '../../app-context';
import type { ScoredWork } from '../../literature/providers/literature-provider';
import { findVisibleWorks } from '../../literature/store/work-store';
import { fitEvidence } from '../prompt/evidence-block';
import { PROMPT_BUDGET } from '../prompt/section-prompt';
import { gatherEvidence } from '../retrieval/gather-evidence';
import { planQueries } from '../retrieval/plan-queries';
import { preparedWork, relevance } from '../retrieval/relevance';
import { relevantEvidence } from '../retrieval/relevant-evidence';
import { sectionClaims } from '../retrieval/section-claims';
import type { SectionContext } from '../retrieval/section-context';

/** As many works as a section's prompt may hold. */
const MAX_EVIDENCE = 14;

export interface ChatQuestion {
  question: string;
  /** The conversation's first question: the topic a follow-up question belongs to. */
  topic: string;
  ownerId: string;
  filters: SearchFilters;
  /** 'Ask about these papers': the works the answer must draw on instead of a search. */
  contextRefIds: readonly string[];
}

export interface ChatEvidence {
  queries: string[];
  works: ScoredWork[];
  block: string;
}

/** The question as the planner's section: a section to be written that answers it. */
function questionContext(request: ChatQuestion): SectionContext {
  return {
    paper: {
      title: request.topic,
      type: 'research question',
      field: '',
      description: request.topic === request.question ? '' : request.topic,
      methodology: '',
    },
    headingPath: [request.question],
    sectionTitle: request.question,
    sectionText: request.question,
    sections: [],
    index: -1,
  };
}

/**
 * The works an answer may cite. Asked about given papers: those the user may see, most relevant
 * to the question first, all kept (the user chose them). Otherwise the engine's stages as a
 * section's: planned queries, retrieval with the user's filters (the free tier's web rule was
 * applied when the filters were resolved), the relevance floor, the evidence budget.
 */
export async function chatEvidence(
  context: Pick<AppContext, 'ai' | 'literature' | 'database'>,
  request: ChatQuestion,
  model: LanguageModel | null,
): Promise<ChatEvidence> {
  const log = context.ai.log;
  if (request.contextRefIds.length > 0) {
    const given = await findVisibleWorks(context.database.db, request.ownerId, [
      ...request.contextRefIds,
    ]);
    const ranked = given
      .map((work) => ({
        ...work,
        similarity_score: relevance(request.question, preparedWork(work)),
      }))
      .sort((a, b) => b.similarity_score - a.similarity_score);
    return { queries: [], ...fitEvidence(ranked, PROMPT_BUDGET.evidence, MAX_EVIDENCE) };
  }
  const queries = await planQueries(questionContext(request), model, log);
  const candidates = await gatherEvidence(
    context.literature.provider,
    queries,
    request.filters,
    request.ownerId,
    log,
  );
  const claims = sectionClaims(request.question);
  const relevant = relevantEvidence(claims.length > 0 ? claims : queries, candidates);
  return { queries, ...fitEvidence(relevant, PROMPT_BUDGET.evidence, MAX_EVIDENCE) };
}
