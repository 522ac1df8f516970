import type { ContentLanguage } from '../../../shared/ai/languages';
import type { SearchFilters } from '../../../shared/literature/search-filters';
import type { AppContext } from '../../app-context';
import type { CurrentUser } from '../../auth/current-user';
import type { PaperRow } from '../../papers/paper-store';
import type { ChosenModel } from '../ai-engine';
import { collectSection, type CollectedSection } from '../writer/collect-section';
import { writeWithModel } from '../writer/write-with-model';
import { taskExplanationOf } from './plan-rewrite';
import type { PlannedRewrite } from './rewrite-store';

export interface RewriteSectionRun {
  user: CurrentUser;
  paper: PaperRow;
  paperType: string;
  model: ChosenModel;
  language: ContentLanguage;
  filters: SearchFilters;
  section: PlannedRewrite;
  signal: AbortSignal;
}

/**
 * One section of a Rewrite Paper job through the engine's section pipeline, as the section
 * menu's Rewrite or custom instruction would run it: the paper as it was when the job started
 * (its body as the section's text), literature retrieved with the user's filters when the task
 * asks for it, evidence above the relevance floor, the citation filter and check.
 */
export function rewriteJobSection(
  context: AppContext,
  run: RewriteSectionRun,
): Promise<CollectedSection> {
  const { paper, section } = run;
  const custom = section.taskType === 'rewrite_custom';
  return collectSection(
    writeWithModel(context, {
      user: run.user,
      paper,
      body: {
        text: paper.content,
        sectionNumber: section.sectionNumber,
        sectionIndex: section.sectionIndex,
        sectionLevel: section.sectionLevel,
        sectionTitle: section.sectionTitle,
        currentSection: section.originalContent,
        currentParagraph: '',
        updatedSectionSoFar: '',
        paperId: paper.id,
        taskExplanation: taskExplanationOf(section),
        paperType: run.paperType,
        action: custom ? 'custom' : 'rewrite',
        enableLiteratureSearch: section.enableLiteratureSearch,
      },
      action: custom ? 'custom' : 'rewrite',
      filters: run.filters,
      language: run.language,
      model: run.model,
      signal: run.signal,
    }),
    run.signal,
  );
}
