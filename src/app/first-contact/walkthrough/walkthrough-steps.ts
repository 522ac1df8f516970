/**
 * The 16 walkthrough steps of 002 §4, in the flow of creating and finishing a paper. Each
 * screenshot is made from the real app by scripts/narrative/generate.ts, which uses this list
 * too, and served under /narrative/; a step whose screenshot is missing is left out.
 */
export interface WalkthroughStepDefinition {
  id: string;
  description: string;
}

/** 002 §3 'Walkthrough step': id, description, file name, public path, availability flag. */
export interface WalkthroughStep extends WalkthroughStepDefinition {
  fileName: string;
  publicPath: string;
  available: boolean;
}

export const NARRATIVE_PATH = '/narrative/';

export const WALKTHROUGH_STEPS: readonly WalkthroughStepDefinition[] = [
  { id: 'add-paper', description: 'Click Add Paper in the left sidebar to start a new paper.' },
  {
    id: 'choose-type',
    description:
      'Choose the type of paper: a scientific paper, a literature review, an assignment or an essay.',
  },
  {
    id: 'title-and-topic',
    description: 'Give it a title and describe your topic: what the paper is about and why.',
  },
  { id: 'next', description: 'Click Next.' },
  {
    id: 'files-or-skip',
    description:
      'Optionally upload your notes, data or papers so the AI can use them, or click Skip.',
  },
  {
    id: 'structure',
    description: 'The structure of your paper is generated automatically from the literature.',
  },
  {
    id: 'analyze-and-save',
    description: 'Analyze the structure, refine it if you like, and click Save.',
  },
  {
    id: 'review-and-ai-icon',
    description: 'Review the contents of the paper, then click the AI icon to start writing.',
  },
  {
    id: 'writing-order',
    description: 'The AI determines the order in which the sections are best written.',
  },
  {
    id: 'start-writing',
    description: 'Start writing: the sections are written one by one, each with its citations.',
  },
  { id: 'discard-or-save', description: 'When the writing is done, discard it or save it.' },
  { id: 'read', description: 'Read the paper in full and make it your own.' },
  {
    id: 'references',
    description:
      'Add a References section, put the cursor in it and click Generate APA References.',
  },
  {
    id: 'citation-details',
    description:
      'Click an in-text reference to read the abstract of the article and the reasoning behind the citation.',
  },
  {
    id: 'reliability',
    description: 'References shown in orange are less reliable: check those first.',
  },
  { id: 'export', description: 'Export your paper to PDF, Word or other formats.' },
];

export function walkthroughFileName(index: number, id: string): string {
  return `${String(index + 1).padStart(2, '0')}-${id}.webp`;
}

export function describeSteps(availability: readonly boolean[]): WalkthroughStep[] {
  return WALKTHROUGH_STEPS.map((step, index) => {
    const fileName = walkthroughFileName(index, step.id);
    return {
      ...step,
      fileName,
      publicPath: `${NARRATIVE_PATH}${fileName}`,
      available: availability[index] ?? false,
    };
  });
}

/** 002 §8: a warning with the count of missing screenshots, or that all or none are there. */
export function missingScreenshotsWarning(steps: readonly WalkthroughStep[]): string | null {
  if (steps.length === 0) return 'No walkthrough steps are configured.';
  const missing = steps.filter((step) => !step.available).length;
  if (missing === 0) return null;
  if (missing === steps.length) return 'All walkthrough screenshots are missing.';
  return `${missing} of ${steps.length} walkthrough screenshots are missing.`;
}

/** The next available step from `from` in `direction`, going round; `from` if none other. */
export function nextAvailable(
  steps: readonly WalkthroughStep[],
  from: number,
  direction: 1 | -1,
): number {
  for (let offset = 1; offset <= steps.length; offset += 1) {
    const index = (from + direction * offset + steps.length * offset) % steps.length;
    if (steps[index]?.available) return index;
  }
  return from;
}
