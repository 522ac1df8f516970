import type { PaperType } from '../../../shared/papers/paper-types';

/** A heading of a template: ## is 2, ##### is 5 (001 §9: the structure tree). */
export interface TemplateSection {
  level: 2 | 3 | 4 | 5;
  title: string;
  /** One line; `“{topic}”` is the paper's title, always quoted after a noun (fill-title.ts). */
  purpose: string;
}

export interface StructureTemplate {
  /** What the model is told about the type's conventions. */
  conventions: string;
  /** The structure used without a model (docs/structure.md lists them). */
  sections: TemplateSection[];
}

const s = (level: TemplateSection['level'], title: string, purpose: string): TemplateSection => ({
  level,
  title,
  purpose,
});

const generic: TemplateSection[] = [
  s(
    2,
    'Introduction',
    'Introduce the subject of the paper “{topic}” and say what it sets out to do.',
  ),
  s(2, 'Main Part', 'Develop the central points of the paper “{topic}”.'),
  s(2, 'Conclusion', 'Sum up what the paper “{topic}” has shown.'),
];

/**
 * One template per paper type (PAPER_TYPES). The model gets the conventions and may adapt
 * them to the topic; without a model the sections are used as they are, filled with the
 * topic and the works found for each (docs/structure.md).
 */
export const STRUCTURE_TEMPLATES: Record<PaperType, StructureTemplate> = {
  empty: { conventions: 'A short paper: introduction, main part, conclusion.', sections: generic },
  import: {
    conventions: 'An imported document: keep a plain introduction, main part and conclusion.',
    sections: generic,
  },
  scientific: {
    conventions:
      'An empirical scientific paper in IMRaD order: Introduction (with the research question and related work), Methods, Results, Discussion (with limitations), Conclusion. A non-empirical methodology (e.g. a mathematical paper or design science) adapts the middle sections to it.',
    sections: [
      s(
        2,
        'Introduction',
        'Motivate the study “{topic}”, and state its research question and its contribution.',
      ),
      s(
        3,
        'Background and Related Work',
        'Review the prior research on which the study “{topic}” builds.',
      ),
      s(2, 'Methods', 'Describe the design, data and procedure of the study “{topic}”.'),
      s(2, 'Results', 'Report the findings of the study “{topic}” without interpreting them.'),
      s(2, 'Discussion', 'Interpret the findings of the study “{topic}” against prior work.'),
      s(
        3,
        'Limitations',
        'State the limits of the study “{topic}” and their effect on its conclusions.',
      ),
      s(
        2,
        'Conclusion',
        'Answer the research question of the study “{topic}” and name future work.',
      ),
    ],
  },
  literature_review: {
    conventions:
      'A systematic literature review in PRISMA style: Introduction (rationale, objectives), Methods (eligibility criteria, information sources, search strategy, selection process, data extraction, risk of bias), Results (study selection, study characteristics, synthesis), Discussion (limitations of the evidence and the review), Conclusion.',
    sections: [
      s(2, 'Introduction', 'Give the rationale and the objectives of the review “{topic}”.'),
      s(
        2,
        'Methods',
        'Describe how the literature for the review “{topic}” was searched and selected.',
      ),
      s(3, 'Eligibility Criteria', 'State which studies the review “{topic}” includes, and why.'),
      s(
        3,
        'Information Sources and Search Strategy',
        'Name the databases searched and the queries used for the review “{topic}”.',
      ),
      s(
        3,
        'Selection and Data Extraction',
        'Explain how the studies for the review “{topic}” were screened and coded.',
      ),
      s(2, 'Results', 'Present the studies the review “{topic}” selected and what they report.'),
      s(3, 'Study Characteristics', 'Summarize the designs, samples and settings of the studies.'),
      s(
        3,
        'Synthesis of Findings',
        'Synthesize what the studies selected for the review “{topic}” found.',
      ),
      s(
        2,
        'Discussion',
        'Discuss the evidence the review “{topic}” gathered, its gaps and its limitations.',
      ),
      s(
        2,
        'Conclusion',
        'State what the review “{topic}” shows to be known, and what research should follow.',
      ),
    ],
  },
  assignment: {
    conventions:
      'A student assignment: when an assignment text or rubric was uploaded, one section per task or criterion in its order, using its wording; otherwise introduction, the tasks, conclusion.',
    sections: [
      s(2, 'Introduction', 'Restate the assignment “{topic}” and say how it is approached.'),
      s(2, 'Task Analysis', 'Work through the tasks the assignment “{topic}” sets.'),
      s(2, 'Discussion', 'Weigh the answers to the assignment “{topic}” against the literature.'),
      s(2, 'Conclusion', 'Sum up the answers to the assignment “{topic}”.'),
    ],
  },
  essay: {
    conventions:
      'An argumentative essay: introduction with a thesis, three or four argument sections each with evidence, a counter-argument and its rebuttal, conclusion.',
    sections: [
      s(2, 'Introduction', 'Introduce the subject of the essay “{topic}” and state its thesis.'),
      s(2, 'First Argument', 'Make the strongest argument for the thesis of the essay “{topic}”.'),
      s(
        2,
        'Second Argument',
        'Support the thesis of the essay “{topic}” with a further line of evidence.',
      ),
      s(
        2,
        'Counterarguments',
        'Present the main objections to the thesis of the essay “{topic}” and rebut them.',
      ),
      s(
        2,
        'Conclusion',
        'Restate the thesis of the essay “{topic}” in the light of the arguments.',
      ),
    ],
  },
  book: {
    conventions:
      'A book: chapters (##) with sections (###) in a teaching order, from foundations to advanced topics and a closing chapter.',
    sections: [
      s(
        2,
        'Introduction',
        'Introduce the subject of the book “{topic}”, its audience and its plan.',
      ),
      s(2, 'Foundations', 'Lay out the basic concepts on which the book “{topic}” builds.'),
      s(3, 'Key Concepts', 'Define the central terms of the book “{topic}”.'),
      s(3, 'History and Development', 'Trace how the subject of the book “{topic}” developed.'),
      s(2, 'Core Topics', 'Treat the main questions of the book “{topic}” in depth.'),
      s(
        3,
        'Methods and Approaches',
        'Present the methods used on the subject of the book “{topic}”.',
      ),
      s(3, 'Applications', 'Show where the subject of the book “{topic}” is applied.'),
      s(
        2,
        'Open Questions',
        'Discuss the debates and open problems the book “{topic}” touches on.',
      ),
      s(2, 'Conclusion', 'Draw the book “{topic}” together.'),
    ],
  },
  assignment_feedback: {
    conventions:
      'Feedback on a submitted assignment: summary of the submission, strengths, weaknesses per assessment criterion (the rubric when one was uploaded), suggestions, overall assessment.',
    sections: [
      s(2, 'Summary of the Submission', 'Summarize what the submission “{topic}” does.'),
      s(2, 'Strengths', 'Name what the submission “{topic}” does well.'),
      s(2, 'Weaknesses', 'Name what the submission “{topic}” lacks, criterion by criterion.'),
      s(
        2,
        'Suggestions for Improvement',
        'Give concrete steps to improve the submission “{topic}”.',
      ),
      s(2, 'Overall Assessment', 'Give the overall judgement of the submission “{topic}”.'),
    ],
  },
  review: {
    conventions:
      'A peer review of a manuscript: summary, major concerns, minor concerns, assessment of methods and literature, recommendation.',
    sections: [
      s(2, 'Summary of the Manuscript', 'Summarize the claims of the manuscript “{topic}”.'),
      s(
        2,
        'Major Concerns',
        'Raise the issues that affect the conclusions of the manuscript “{topic}”.',
      ),
      s(2, 'Minor Concerns', 'List smaller issues of presentation and detail.'),
      s(
        2,
        'Methods and Literature',
        'Judge the methods and the literature the manuscript “{topic}” uses.',
      ),
      s(2, 'Recommendation', 'Give the recommendation to the editor with its reasons.'),
    ],
  },
  research_compendium: {
    conventions:
      'A research compendium: overview, research questions, data, methods and code, results, how to reproduce, references to the related literature.',
    sections: [
      s(2, 'Overview', 'Describe the research the compendium “{topic}” documents.'),
      s(2, 'Research Questions', 'State the research questions the compendium “{topic}” answers.'),
      s(2, 'Data', 'Describe the data of the compendium “{topic}”, its sources and its licence.'),
      s(
        2,
        'Methods and Code',
        'Explain the analysis in the compendium “{topic}” and the code that runs it.',
      ),
      s(2, 'Results', 'Summarize the results of the compendium “{topic}”.'),
      s(2, 'Reproducibility', 'Explain how to reproduce the results of the compendium “{topic}”.'),
    ],
  },
};
