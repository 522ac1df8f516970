import type { RewriteAction } from '../../../shared/ai/rewrite-presets';
import type { ContentLanguage } from '../../../shared/ai/languages';
import type { SearchFilters } from '../../../shared/literature/search-filters';
import type { CurrentUser } from '../../auth/current-user';
import type { PartialFilters } from '../search/partial-filters';
import type { PaperRow } from '../../papers/paper-store';
import type { ChosenModel } from '../ai-engine';

/** The body of POST /api/rewrite and /api/refine (000 §7), as the engine receives it. */
export interface RewriteBody {
  text: string;
  sectionNumber: string;
  /** Index in splitSections(text); when absent, the first section of that number. */
  sectionIndex?: number | undefined;
  sectionLevel: number;
  sectionTitle: string;
  currentSection: string;
  currentParagraph: string;
  updatedSectionSoFar: string;
  paperId: string;
  taskExplanation: string;
  paperType?: string | undefined;
  filters?: PartialFilters | undefined;
  selectedModel?: string | null | undefined;
  action?: RewriteAction | undefined;
  enableLiteratureSearch: boolean;
  /** The AI Writing Process: what the sections written before this one said (fitted). */
  writtenSections?: string | undefined;
}

/** Everything a section run needs, checked before the stream starts. */
export interface SectionRun {
  user: CurrentUser;
  paper: PaperRow;
  body: RewriteBody;
  action: RewriteAction;
  filters: SearchFilters;
  language: ContentLanguage;
  model: ChosenModel | null;
  signal: AbortSignal;
}
