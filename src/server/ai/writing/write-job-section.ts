import type { ContentLanguage } from '../../../shared/ai/languages';
import { locateSection } from '../../../shared/ai/locate-section';
import type { SentenceFlag } from '../../../shared/ai/writing-review';
import type { CitedWork } from '../../../shared/citations/work';
import { splitSections } from '../../../shared/document/sections';
import type { SearchFilters } from '../../../shared/literature/search-filters';
import type { AppContext } from '../../app-context';
import type { CurrentUser } from '../../auth/current-user';
import type { PaperRow } from '../../papers/paper-store';
import type { ChosenModel } from '../ai-engine';
import { PROMPT_BUDGET } from '../prompt/section-prompt';
import type { RewriteBody } from '../writer/rewrite-input';
import { writeWithModel } from '../writer/write-with-model';
import { collectSection, SectionCancelledError } from '../writer/collect-section';
import { reviewCitations } from './citation-review';
import type { PlannedSection } from './writing-store';
import { writtenSectionsDigest, type WrittenSection } from './written-sections';

export const WRITE_SECTION_TASK =
  'Write this section of the paper from scratch, as a complete and coherent section body. Build on the sections already written and do not repeat what they say.';

export { SectionCancelledError };

export interface JobSectionRun {
  user: CurrentUser;
  paper: PaperRow;
  paperType: string;
  model: ChosenModel;
  language: ContentLanguage;
  filters: SearchFilters;
  section: PlannedSection;
  written: readonly WrittenSection[];
  signal: AbortSignal;
}

function taskFor(section: PlannedSection): string {
  const custom = section.customInstructions;
  return [
    WRITE_SECTION_TASK,
    custom?.instructions.trim()
      ? `Instructions from the author: ${custom.instructions.trim()}`
      : '',
    custom?.systemPrompt.trim() ? custom.systemPrompt.trim() : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * One section of a writing job through the engine's section pipeline (writeWithModel): its
 * heading path and the paper's properties, its custom instructions, literature retrieved with
 * the user's filters, and what the sections written before it said. Answers the text and the
 * checked citations; throws when the engine reports an error or the job was cancelled.
 */
export async function writeJobSection(
  context: AppContext,
  run: JobSectionRun,
): Promise<{ content: string; citations: CitedWork[]; flags: SentenceFlag[] }> {
  const { paper, section } = run;
  const sections = splitSections(paper.content);
  const sectionIndex = locateSection(sections, section);
  const body: RewriteBody = {
    text: paper.content,
    // The number the section has now (headings may have moved while the job ran).
    sectionNumber: sections[sectionIndex]?.sectionNumber ?? section.sectionNumber,
    ...(sectionIndex >= 0 ? { sectionIndex } : {}),
    sectionLevel: section.sectionLevel,
    sectionTitle: section.sectionTitle,
    currentSection: sections[sectionIndex]?.contentMarkdown ?? '',
    currentParagraph: '',
    updatedSectionSoFar: '',
    paperId: paper.id,
    taskExplanation: taskFor(section),
    paperType: run.paperType,
    enableLiteratureSearch: true,
    writtenSections: writtenSectionsDigest(run.written, PROMPT_BUDGET.writtenSections),
  };
  const { content, citations, removedClaims } = await collectSection(
    writeWithModel(context, {
      user: run.user,
      paper,
      body,
      action: 'custom',
      filters: run.filters,
      language: run.language,
      model: run.model,
      signal: run.signal,
    }),
    run.signal,
  );
  return { content, citations, flags: reviewCitations(content, citations, removedClaims) };
}
