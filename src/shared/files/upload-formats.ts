/**
 * What the Upload Files dialog accepts (spec 000 §2.6) and the goals a paper's files are
 * uploaded for (000 §9). Shared by the dialog and the server's validation.
 */
export const ACCEPTED_EXTENSIONS = [
  '.pdf',
  '.doc',
  '.docx',
  '.txt',
  '.ppt',
  '.pptx',
  '.tex',
  '.csv',
  '.xlsx',
  '.sav',
] as const;

export type AcceptedExtension = (typeof ACCEPTED_EXTENSIONS)[number];

/** The lower-cased extension of a file name, with its dot, or '' when it has none. */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

export function isAcceptedFileName(fileName: string): boolean {
  return (ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(fileName));
}

const GOALS_BY_PAPER_TYPE: Record<string, readonly string[]> = {
  import: ['document'],
  scientific: [
    'theoretical_background',
    'qualitative_results',
    'quantitative_results',
    'literature_review',
  ],
  assignment: ['assignment_files', 'rubrics', 'supporting_material', 'result_data'],
  assignment_feedback: ['assignment', 'rubrics', 'additional_files', 'submitted_work'],
  review: ['paper_to_review', 'editorial_guidelines', 'previous_version_paper', 'previous_review'],
  research_compendium: ['foundational_papers', 'recent_papers', 'supporting_material'],
};

const DEFAULT_GOALS = ['supporting_material', 'data', 'results'] as const;

/** Every goal of every paper type: a paper's type may change after its files were uploaded. */
export const ALL_UPLOAD_GOALS: ReadonlySet<string> = new Set([
  ...Object.values(GOALS_BY_PAPER_TYPE).flat(),
  ...DEFAULT_GOALS,
]);

export function uploadGoalsFor(paperType: string): readonly string[] {
  return GOALS_BY_PAPER_TYPE[paperType] ?? DEFAULT_GOALS;
}

/** 'theoretical_background' → 'Theoretical background'. */
export function goalLabel(goal: string): string {
  const words = goal.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
