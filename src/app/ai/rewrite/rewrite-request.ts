import { taskExplanation } from '../../../shared/ai/rewrite-presets';
import type { SearchFilters } from '../../../shared/literature/search-filters';
import type { RewriteTask } from './section-actions';
import type { SectionRef } from './section-text';

/** The body of POST /api/rewrite and /api/refine (000 §7, docs/ai-api.md). */
export interface RewriteRequestBody {
  text: string;
  sectionNumber: string;
  /** The section's index in splitSections(text): numbers repeat, the index does not. */
  sectionIndex: number;
  sectionLevel: number;
  sectionTitle: string;
  currentSection: string;
  currentParagraph: string;
  updatedSectionSoFar: string;
  paperId: string;
  taskExplanation: string;
  paperType: string;
  filters?: SearchFilters;
  selectedModel?: string;
  action: RewriteTask['action'];
  enableLiteratureSearch: boolean;
}

export interface RewriteRequest {
  path: '/api/rewrite' | '/api/refine';
  body: RewriteRequestBody;
}

interface RewriteInput {
  /** The whole paper as canonical markdown. */
  markdown: string;
  target: SectionRef;
  paper: { id: string; type: string };
  task: RewriteTask;
  filters?: SearchFilters;
  /** The user's remembered model; absent: the server uses the remembered one or the default. */
  selectedModel?: string | null;
}

/** The request for rewriting one section. Refine structure goes to /api/refine. */
export function rewriteRequest(input: RewriteInput): RewriteRequest {
  const { task, target } = input;
  const { section } = target;
  return {
    path: task.action === 'refine' ? '/api/refine' : '/api/rewrite',
    body: {
      text: input.markdown,
      sectionNumber: section.sectionNumber,
      sectionIndex: target.index,
      sectionLevel: section.sectionLevel,
      sectionTitle: section.sectionTitle,
      currentSection: section.contentMarkdown,
      currentParagraph: '',
      updatedSectionSoFar: '',
      paperId: input.paper.id,
      taskExplanation: taskExplanation(task.systemPrompt, task.instructions),
      paperType: input.paper.type,
      ...(input.filters ? { filters: input.filters } : {}),
      ...(input.selectedModel ? { selectedModel: input.selectedModel } : {}),
      action: task.action,
      enableLiteratureSearch: task.enableLiteratureSearch,
    },
  };
}
