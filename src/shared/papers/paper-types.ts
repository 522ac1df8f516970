/**
 * Every paper type the product names (spec 000 §1, 001 §1 and the wizard). The wizard's
 * per-type behaviour (steps, upload goals) keys off these values.
 */
export const PAPER_TYPES = [
  'empty',
  'scientific',
  'literature_review',
  'assignment',
  'essay',
  'import',
  'book',
  'assignment_feedback',
  'review',
  'research_compendium',
] as const;

export type PaperType = (typeof PAPER_TYPES)[number];

export const PAPER_TYPE_LABELS: Record<PaperType, string> = {
  empty: 'Empty paper',
  scientific: 'Scientific paper',
  literature_review: 'Literature review',
  assignment: 'Assignment',
  essay: 'Essay',
  import: 'Import existing document',
  book: 'Book',
  assignment_feedback: 'Assignment feedback',
  review: 'Peer review',
  research_compendium: 'Research compendium',
};

export function isPaperType(value: string): value is PaperType {
  return (PAPER_TYPES as readonly string[]).includes(value);
}
