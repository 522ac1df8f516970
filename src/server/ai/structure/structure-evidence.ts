import type { LanguageModel } from 'ai';
import type { SearchFilters } from '../../../shared/literature/search-filters';
import type { AppContext } from '../../app-context';
import type { ScoredWork } from '../../literature/providers/literature-provider';
import { fitEvidence } from '../prompt/evidence-block';
import { PROMPT_BUDGET } from '../prompt/section-prompt';
import { gatherEvidence } from '../retrieval/gather-evidence';
import { planQueries } from '../retrieval/plan-queries';
import { relevantEvidence } from '../retrieval/relevant-evidence';
import type { SectionContext } from '../retrieval/section-context';

/** How many retrieved works the model sees and sections may draw on. */
export const MAX_EVIDENCE = 24;

export interface StructureEvidence {
  queries: string[];
  /** The works above the relevance floor that fit the prompt, best first. */
  works: ScoredWork[];
  /** Their entries as the prompt lists them ('[ref_…] Title (Authors, year)\nAbstract'). */
  block: string;
}

/**
 * The engine's retrieval and evidence stages for a structure or one of its sections: queries
 * planned from `context` (by the model, or from its words without one), searched with the
 * user's filters, kept only when at or above the relevance floor (no off-topic work is offered
 * to a heading), and fitted to the evidence budget.
 */
export async function structureEvidence(
  services: Pick<AppContext, 'ai' | 'literature'>,
  context: SectionContext,
  search: { filters: SearchFilters; ownerId: string },
  model: LanguageModel | null,
  onSearch: () => Promise<void> = async () => undefined,
  signal?: AbortSignal,
): Promise<StructureEvidence> {
  const log = services.ai.log;
  const queries = await planQueries(context, model, log, signal);
  await onSearch();
  const found = await gatherEvidence(
    services.literature.provider,
    queries,
    search.filters,
    search.ownerId,
    log,
  );
  const evidence = fitEvidence(
    relevantEvidence(queries, found),
    PROMPT_BUDGET.evidence,
    MAX_EVIDENCE,
  );
  return { queries, ...evidence };
}
