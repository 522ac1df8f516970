/** A section as the writing process receives it (001 §7). */
export interface OutlineSection {
  /** Index in splitSections of the paper, passed through so the answer names the section. */
  sectionIndex?: number | undefined;
  sectionNumber: string;
  sectionTitle: string;
  sectionLevel: number;
}

/**
 * The order in which the rule-based sequence writes sections of each role. Body sections
 * whose role is unknown (a literature review's topics, 'Background', 'Related work') sit where
 * `null` is: after the evidence they build on, before the parts that interpret them.
 */
const ROLE_ORDER = [
  'methods',
  'results',
  null,
  'discussion',
  'conclusion',
  'introduction',
  'abstract',
] as const;

export type SectionRole = Exclude<(typeof ROLE_ORDER)[number], null>;

const ROLE_WORDS: [SectionRole, RegExp][] = [
  ['abstract', /\b(abstract|executive summary)\b/],
  ['introduction', /\bintroduction\b/],
  [
    'methods',
    /\b(methods?|methodology|materials|study design|experimental setup|data collection|participants|procedures?)\b/,
  ],
  ['results', /\b(results?|findings|evaluation)\b/],
  ['discussion', /\b(discussion|limitations|implications)\b/],
  ['conclusion', /\b(conclusions?|concluding remarks|future work|outlook)\b/],
];

/** The role a heading names, if any ('2 Materials and Methods' → methods). */
export function roleOfTitle(title: string): SectionRole | null {
  const text = title.toLowerCase();
  return ROLE_WORDS.find(([, words]) => words.test(text))?.[0] ?? null;
}

/**
 * Each section's role: its own heading's, else that of the nearest enclosing heading, so
 * '2.1 Participants' under 'Methods' and '3.2 Accuracy' under 'Results' go with their parent.
 */
export function sectionRoles(sections: readonly OutlineSection[]): (SectionRole | null)[] {
  const open: { level: number; role: SectionRole | null }[] = [];
  return sections.map((section) => {
    while (open.length > 0 && (open.at(-1)?.level ?? 0) >= section.sectionLevel) open.pop();
    const role = roleOfTitle(section.sectionTitle) ?? open.at(-1)?.role ?? null;
    open.push({ level: section.sectionLevel, role });
    return role;
  });
}

export const RULE_BASED_REASONING =
  'This order is rule-based (no AI model was used): methods and results are written first, ' +
  'then the other body sections, the discussion and the conclusion, and the introduction ' +
  'and abstract last, once they can summarise what the paper says. Sections of the same ' +
  'role keep their document order.';

/** The rule-based writing order: by role (ROLE_ORDER), document order within a role. */
export function ruleBasedSequence<T extends OutlineSection>(sections: readonly T[]): T[] {
  const roles = sectionRoles(sections);
  return sections
    .map((section, index) => ({ section, index, rank: ROLE_ORDER.indexOf(roles[index] ?? null) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.section);
}
