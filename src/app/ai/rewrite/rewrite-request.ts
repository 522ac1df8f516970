import { taskExplanation } from '../../../shared/ai/rewrite-presets';
import type { SearchFilters } from '../../../shared/literature/search-filters';
import type { RewriteTask } from './section-actions';
import { findSection } from './section-text';

/** The body of POST /api/rewrite and /api/refine (000 §7, docs/ai-api.md). */
export interface RewriteRequestBody {
  text: string;
  sectionNumber: string;
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
  sectionNumber: string;
  paper: { id: string; type: string };
  task: RewriteTask;
  filters?: SearchFilters;
  /** The user's remembered model; absent: the server uses the remembered one or the default. */
  selectedModel?: string | null;
}

/**
 * The request for rewriting one section, or null when the paper has no section of that number
 * (000 §5: a rewrite runs only with a section number). Refine structure goes to /api/refine.
 */
export function rewriteRequest(input: RewriteInput): RewriteRequest | null {
  const section = findSection(input.markdown, input.sectionNumber);
  if (!section) return null;
  const { task } = input;
  return {
    path: task.action === 'refine' ? '/api/refine' : '/api/rewrite',
    body: {
      text: input.markdown,
      sectionNumber: section.sectionNumber,
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
