import { roleOfTitle, type SectionRole } from '../../writing/section-roles';
import { fillTitle } from '../fill-title';

/** A subsection of the offline expansion; `{section}` and `“{topic}”` are filled in. */
interface SubsectionTemplate {
  title: string;
  purpose: string;
}

const t = (title: string, purpose: string): SubsectionTemplate => ({ title, purpose });

/**
 * Without a model a heading is expanded by its role (the writing process's roles): three subsections each, so a structure grows to about
 * four times as many headings (001 §1 item 3). Generic headings get subsections named after
 * them. docs/structure.md lists them.
 */
const BY_ROLE: Record<SectionRole | 'limitations' | 'other', SubsectionTemplate[]> = {
  abstract: [
    t('Aim', 'State in one line what the paper “{topic}” sets out to do.'),
    t('Approach', 'Say in one line how the paper “{topic}” approaches its question.'),
    t('Main Result', 'Give the main finding of the paper “{topic}” in one line.'),
  ],
  introduction: [
    t('Background', 'Give the context a reader of the paper “{topic}” needs first.'),
    t('Problem Statement', 'State the open problem the paper “{topic}” addresses.'),
    t('Aims and Contribution', 'Say what the paper “{topic}” sets out to show and what it adds.'),
  ],
  methods: [
    t('Study Design', 'Describe the design chosen for the paper “{topic}”, and why.'),
    t('Data and Materials', 'Describe the data, samples or materials the paper “{topic}” uses.'),
    t(
      'Analysis Procedure',
      'Explain step by step how the data of the paper “{topic}” were analysed.',
    ),
  ],
  results: [
    t('Main Findings', 'Report the central findings of the paper “{topic}”.'),
    t('Further Findings', 'Report the secondary findings of the paper “{topic}”.'),
    t('Summary of Results', 'Sum up the results of the paper “{topic}” before they are discussed.'),
  ],
  discussion: [
    t('Interpretation of Findings', 'Interpret what the findings of the paper “{topic}” mean.'),
    t(
      'Comparison with Prior Work',
      'Relate the findings of the paper “{topic}” to earlier studies.',
    ),
    t('Implications', 'Draw the practical and theoretical implications of the paper “{topic}”.'),
  ],
  // 'Limitations' has the discussion's role but not its parts: those would repeat the
  // subsections of the Discussion above it (issue 33 item 9).
  limitations: [
    t('Limitations of the Design', 'State what the design of the paper “{topic}” cannot show.'),
    t('Limitations of the Data', 'State the gaps and biases of the data the paper “{topic}” uses.'),
    t(
      'Effect on the Conclusions',
      'Say how far these limits qualify the conclusions of the paper “{topic}”.',
    ),
  ],
  conclusion: [
    t('Summary of Contributions', 'Sum up what the paper “{topic}” contributes.'),
    t('Recommendations', 'Give the recommendations that follow from the paper “{topic}”.'),
    t('Future Work', 'Name the questions the paper “{topic}” leaves open.'),
  ],
  other: [
    t(
      'Foundations of {section}',
      'Lay out the concepts of “{section}” on which the paper “{topic}” relies.',
    ),
    t(
      'Current Research on {section}',
      'Review what recent studies found on “{section}” for the paper “{topic}”.',
    ),
    t(
      'Open Questions on {section}',
      'Name what is still unsettled about “{section}” in the paper “{topic}”.',
    ),
  ],
};

export interface TemplateSubsection {
  title: string;
  purpose: string;
}

/**
 * The offline subsections of a heading. Only the heading's own role counts: a heading under
 * 'Discussion' such as 'Policy Lessons' is a topic of its own, and the role's parts would
 * repeat its parent's. For the same reason a heading with its parent's role ('Synthesis of
 * Findings' under 'Results') gets subsections named after itself, not the role's parts, which
 * its parent gets; 'Limitations' has parts of its own.
 */
export function templateSubsections(
  sectionTitle: string,
  topic: string,
  parentTitle?: string,
): TemplateSubsection[] {
  const role = roleOfTitle(sectionTitle);
  const parentRole = parentTitle === undefined ? null : roleOfTitle(parentTitle);
  const limitations = /\blimitations?\b/i.test(sectionTitle);
  const key = limitations ? 'limitations' : role === null || role === parentRole ? 'other' : role;
  return BY_ROLE[key].map((template) => ({
    title: fillTitle(template.title, topic, sectionTitle),
    purpose: fillTitle(template.purpose, topic, sectionTitle),
  }));
}
