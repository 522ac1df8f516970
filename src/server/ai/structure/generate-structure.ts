import type { LanguageModel } from 'ai';
import type { AppContext } from '../../app-context';
import { fitEvidence } from '../prompt/evidence-block';
import { PROMPT_BUDGET } from '../prompt/section-prompt';
import { relevantEvidence } from '../retrieval/relevant-evidence';
import { gatherEvidence } from '../retrieval/gather-evidence';
import { planQueries } from '../retrieval/plan-queries';
import type { SectionContext } from '../retrieval/section-context';
import { attachWorks } from './attach-works';
import { proposeStructure } from './propose-structure';
import type { ProposedSection, StructureRequest, StructureResult } from './structure';
import { structureMarkdown } from './structure-markdown';
import { STRUCTURE_TEMPLATES } from './structure-templates';

/** How many retrieved works the model sees and sections may draw on. */
const MAX_EVIDENCE = 24;

/** The whole paper, not yet written, as the planner's section context. */
function topicContext(request: StructureRequest): SectionContext {
  return {
    paper: {
      title: request.title,
      type: request.paperType,
      field: request.field,
      description: request.description,
      methodology: request.methodology,
    },
    headingPath: [request.title],
    sectionTitle: request.title,
    sectionText: request.uploadedContent,
    sections: [],
    index: -1,
  };
}

function templateSections(request: StructureRequest): ProposedSection[] {
  return STRUCTURE_TEMPLATES[request.paperType].sections.map((section) => ({
    level: section.level,
    title: section.title,
    purpose: section.purpose.replaceAll('{topic}', request.title),
    refIds: [],
  }));
}

export type StructureStep = 'planning' | 'searching' | 'structuring';

/**
 * The structure stage of the engine (docs/ai-engine.md): plans literature queries from the
 * topic and the uploads, retrieves with the user's filters, keeps the best works as evidence,
 * then asks the model for a structure in the chosen language, or, without a model, fills the
 * paper type's template. Every attached work is a retrieved, stored one.
 */
export async function generateStructure(
  context: Pick<AppContext, 'ai' | 'literature'>,
  request: StructureRequest,
  model: LanguageModel | null,
  onStep: (step: StructureStep) => Promise<void> = async () => undefined,
): Promise<StructureResult> {
  const log = context.ai.log;
  await onStep('planning');
  const queries = await planQueries(topicContext(request), model, log);
  await onStep('searching');
  const found = await gatherEvidence(
    context.literature.provider,
    queries,
    request.filters,
    request.ownerId,
    log,
  );
  // The same relevance floor as a section's evidence: no off-topic work is offered to a section.
  const evidence = fitEvidence(
    relevantEvidence(queries, found),
    PROMPT_BUDGET.evidence,
    MAX_EVIDENCE,
  );
  await onStep('structuring');
  const proposed = model
    ? await proposeStructure(model, request, evidence.block)
    : templateSections(request);
  const { sections, invented } = attachWorks(proposed, evidence.works);
  if (invented > 0) log('dropped work ids the model invented', { invented });
  return {
    markdown: structureMarkdown(request.title, sections),
    sections,
    template: model === null,
    queries,
  };
}
