import type { LanguageModel } from 'ai';
import type { AppContext } from '../../app-context';
import type { SectionContext } from '../retrieval/section-context';
import { attachWorks } from './attach-works';
import { proposeStructure } from './propose-structure';
import type { ProposedSection, StructureRequest } from './structure';
import type { StructureResult } from '../../../shared/papers/paper-structure';
import { structureMarkdown } from './structure-markdown';
import { structureEvidence } from './structure-evidence';
import { STRUCTURE_TEMPLATES } from './structure-templates';
import { fillTitle } from './fill-title';
import { topicTerms } from './topic-coverage';

/** The whole paper, not yet written, as the planner's section context. */
export function topicContext(request: StructureRequest): SectionContext {
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
    purpose: fillTitle(section.purpose, request.title),
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
  const evidence = await structureEvidence(context, topicContext(request), request, model, () =>
    onStep('searching'),
  );
  await onStep('structuring');
  const proposed = model
    ? await proposeStructure(model, request, evidence.block)
    : templateSections(request);
  const topic = topicTerms(request, (terms) => context.literature.index.termRarity(terms));
  const { sections, invented } = attachWorks(proposed, evidence.works, topic);
  if (invented > 0) log('dropped work ids the model invented', { invented });
  return {
    markdown: structureMarkdown(request.title, sections),
    sections,
    template: model === null,
    queries: evidence.queries,
  };
}
