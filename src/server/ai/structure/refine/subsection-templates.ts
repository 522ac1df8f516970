import { roleOfTitle, type SectionRole } from '../../writing/section-roles';

/** A subsection of the offline expansion; `{section}` and `{topic}` are filled in. */
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
const BY_ROLE: Record<SectionRole | 'other', SubsectionTemplate[]> = {
  abstract: [
    t('Aim', 'State in one line what the paper on {topic} sets out to do.'),
    t('Approach', 'Say in one line how {topic} was studied.'),
    t('Main Result', 'Give the main finding on {topic} in one line.'),
  ],
  introduction: [
    t('Background', 'Give the context of {topic} a reader needs first.'),
    t('Problem Statement', 'State the open problem of {topic} the paper addresses.'),
    t('Aims and Contribution', 'Say what the paper on {topic} sets out to show and adds.'),
  ],
  methods: [
    t('Study Design', 'Describe the design chosen to study {topic} and why.'),
    t('Data and Materials', 'Describe the data, samples or materials used for {topic}.'),
    t('Analysis Procedure', 'Explain step by step how {topic} was analysed.'),
  ],
  results: [
    t('Main Findings', 'Report the central findings on {topic}.'),
    t('Further Findings', 'Report the secondary findings on {topic}.'),
    t('Summary of Results', 'Sum up the results on {topic} before they are discussed.'),
  ],
  discussion: [
    t('Interpretation of Findings', 'Interpret what the findings mean for {topic}.'),
    t('Comparison with Prior Work', 'Relate the findings on {topic} to earlier studies.'),
    t('Implications', 'Draw the practical and theoretical implications for {topic}.'),
  ],
  conclusion: [
    t('Summary of Contributions', 'Sum up what the paper contributed to {topic}.'),
    t('Recommendations', 'Give the recommendations that follow for {topic}.'),
    t('Future Work', 'Name the questions on {topic} that remain open.'),
  ],
  other: [
    t('Foundations of {section}', 'Lay out the concepts of {section} that {topic} relies on.'),
    t('Current Research on {section}', 'Review what recent studies of {topic} found on {section}.'),
    t('Open Questions on {section}', 'Name what is still unsettled about {section} in {topic}.'),
  ],
};

export interface TemplateSubsection {
  title: string;
  purpose: string;
}

/**
 * The offline subsections of a heading. Only the heading's own role counts: a heading under
 * 'Discussion' such as 'Policy Lessons' is a topic of its own, and the role's parts would
 * repeat its parent's.
 */
export function templateSubsections(sectionTitle: string, topic: string): TemplateSubsection[] {
  const templates = BY_ROLE[roleOfTitle(sectionTitle) ?? 'other'];
  const fill = (text: string) =>
    text.replaceAll('{section}', sectionTitle).replaceAll('{topic}', topic);
  return templates.map((template) => ({
    title: fill(template.title),
    purpose: fill(template.purpose),
  }));
}
