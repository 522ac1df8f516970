import type { LanguageModel } from 'ai';
import type { Section } from '../../../../shared/document/sections';
import type { AppContext } from '../../../app-context';
import { headingPath, type SectionContext } from '../../retrieval/section-context';
import { attachWorks } from '../attach-works';
import type { StructureSection } from '../../../../shared/papers/paper-structure';
import { structureEvidence } from '../structure-evidence';
import { topicTerms } from '../topic-coverage';
import { proposeSubsections } from './propose-subsections';
import type { OutlineSection, RefineRequest } from './refine-request';
import { templateSubsections } from './subsection-templates';

type Services = Pick<AppContext, 'ai' | 'literature'>;

/** At most this many of its heading's works go to an offline subsection that found none. */
const INHERITED_WORKS = 3;

function asSections(outline: readonly OutlineSection[]): Section[] {
  return outline.map((section) => ({
    sectionNumber: '',
    sectionTitle: section.title,
    sectionLevel: section.level,
    contentMarkdown: '',
    references: [],
  }));
}

/** A heading still to be written, as the planner's section context: its path and purpose. */
function headingContext(request: RefineRequest, path: string[], purpose: string): SectionContext {
  return {
    paper: {
      title: request.title,
      type: request.paperType,
      field: request.field,
      description: request.description,
      methodology: request.methodology,
    },
    headingPath: path,
    sectionTitle: path.at(-1) ?? request.title,
    sectionText: purpose,
    sections: [],
    index: -1,
  };
}

/**
 * Refines heading `index` of `outline` into subsections one level deeper, each with its own
 * one-line purpose and 2–5 retrieved works (fewer when too little is found). With a model: the
 * engine's retrieval and evidence stages for the heading, then the model's proposal through
 * structured output, its works resolved to retrieved ones. Without one: the heading role's
 * template subsections, each with the literature found for it.
 */
export async function refineSection(
  services: Services,
  request: RefineRequest,
  outline: readonly OutlineSection[],
  index: number,
  model: LanguageModel | null,
  signal?: AbortSignal,
): Promise<StructureSection[]> {
  const section = outline[index] as OutlineSection;
  const path = headingPath(asSections(outline), index);
  const search = { filters: request.filters, ownerId: request.ownerId };
  const topic = topicTerms(request, (terms) => services.literature.index.termRarity(terms));
  if (model) {
    const context = headingContext(request, path, section.purpose);
    const evidence = await structureEvidence(services, context, search, model, undefined, signal);
    const proposed = await proposeSubsections(
      model,
      request,
      outline,
      index,
      evidence.block,
      signal,
    );
    const { sections, invented } = attachWorks(proposed, evidence.works, topic);
    if (invented > 0) services.ai.log('dropped work ids the model invented', { invented });
    return sections;
  }
  const subsections: StructureSection[] = [];
  for (const template of templateSubsections(section.title, request.title, path.at(-2))) {
    const context = headingContext(request, [...path, template.title], template.purpose);
    const evidence = await structureEvidence(services, context, search, null);
    const proposed = { level: section.level + 1, ...template, refIds: [] };
    const [subsection] = attachWorks([proposed], evidence.works, topic).sections;
    if (!subsection) continue;
    // A subsection whose own search found nothing on the topic (its title's words, such as
    // 'Search Strategy', lead elsewhere) draws on its heading's works rather than on none.
    if (subsection.works.length === 0) subsection.works = section.works.slice(0, INHERITED_WORKS);
    subsections.push(subsection);
  }
  return subsections;
}
