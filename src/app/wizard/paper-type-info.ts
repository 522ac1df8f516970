import type { PaperType } from '../../shared/papers/paper-types';

/** The wizard's first step: what each paper type is for, in one line. */
export const PAPER_TYPE_DESCRIPTIONS: Record<PaperType, string> = {
  scientific:
    'An empirical or theoretical research paper with methods and results (IMRaD structure).',
  literature_review:
    'A systematic review of published research on a question (PRISMA-style sections).',
  assignment:
    'A course assignment answered task by task, following its rubric when you upload one.',
  essay: 'An argumentative essay: a thesis, arguments, counterarguments and a conclusion.',
  book: 'A book-length work in chapters, from foundations to open questions in a field.',
  assignment_feedback: 'Feedback on a submitted assignment, assessed against its rubric.',
  review: 'A peer review of a manuscript: summary, major and minor concerns, recommendation.',
  research_compendium:
    'A research compendium that gathers questions, data, methods, code and results.',
  import: 'Start from an existing document: upload it and it becomes the paper’s content.',
  empty: 'A blank paper: only a title, no structure generated.',
};

/** The order the types are offered in: the structured ones first, import and empty last. */
export const WIZARD_TYPE_ORDER: PaperType[] = [
  'scientific',
  'literature_review',
  'assignment',
  'essay',
  'book',
  'assignment_feedback',
  'review',
  'research_compendium',
  'import',
  'empty',
];

/** 001 §9 'Methodology options'. */
export const METHODOLOGY_OPTIONS = [
  'Literature Review',
  'Survey Research',
  'Case Study',
  'Experimental Research',
  'Interviews',
  'Design Science',
  'Mathematical Paper',
  'Mixed Methods',
  'Ethnography',
  'Action Research',
  'Grounded Theory',
] as const;

/** 001 §9 'Field options'. */
export const FIELD_OPTIONS = [
  'Computer Science',
  'Business',
  'Psychology',
  'Sociology',
  'Economics',
  'Engineering',
  'Medicine',
  'Biology',
  'Chemistry',
  'Physics',
  'Mathematics',
  'Environmental Science',
] as const;
