import type { Section } from '../../../shared/document/sections';
import type { PromptFile } from '../../files/prompt-files';
import type { SectionContext } from '../retrieval/section-context';
import { truncateToTokens } from './token-count';

export const PROMPT_BUDGET = {
  evidence: 5000,
  files: 3000,
  neighbours: 700,
  section: 4000,
  paragraph: 600,
  /** The sections an AI Writing Process job wrote before this one, all together. */
  writtenSections: 3000,
} as const;

export interface SectionPromptInput {
  context: SectionContext;
  sectionNumber: string;
  taskExplanation: string;
  languageName: string;
  evidenceBlock: string;
  /** The literature was searched and nothing relevant to the section was found. */
  noRelevantLiterature: boolean;
  files: readonly PromptFile[];
  currentParagraph: string;
  updatedSectionSoFar: string;
  /** What earlier sections of a writing job said, already fitted to its budget. */
  writtenSections?: string | undefined;
}

function outline(context: SectionContext): string {
  return context.sections
    .filter((section) => section.sectionLevel > 0)
    .map((section, _i, _all) => {
      const indent = '  '.repeat(Math.max(0, section.sectionLevel - 1));
      const here = context.sections[context.index] === section ? '   <- this section' : '';
      return `${indent}${section.sectionNumber} ${section.sectionTitle}${here}`.trimEnd();
    })
    .join('\n');
}

function neighbour(label: string, section: Section | undefined): string {
  if (!section || !section.contentMarkdown.trim()) return '';
  const title = section.sectionTitle ? ` (${section.sectionNumber} ${section.sectionTitle})` : '';
  return `${label}${title}:\n${truncateToTokens(section.contentMarkdown, PROMPT_BUDGET.neighbours)}`;
}

export function systemPrompt(input: SectionPromptInput): string {
  const title = input.context.sectionTitle;
  return [
    `You are the writing assistant of Scriptor, helping an author write a scientific paper. You write the body of the section "${title}".`,
    'Rules:',
    `- Write in ${input.languageName}.`,
    '- Answer with the new markdown body of the section only: no heading, no preamble, no closing remarks, no reference list.',
    '- Support claims with the literature listed: cite a work by its id in square brackets right after the claim, e.g. [ref_abcd1234] or [ref_abcd1234; ref_efgh5678]. Cite only ids from the list; never invent ids, authors or years.',
    '- The works are known from their abstracts only: do not attribute to a work anything its abstract does not say.',
    '- Keep equations ($$...$$), tables, comments in double brackets and diagrams unless told otherwise. Do not add headings.',
    '',
    input.taskExplanation.trim(),
  ].join('\n');
}

/** The evidence, or a plain statement that there is none, so the model never cites from memory. */
export const NO_RELEVANT_LITERATURE_PROMPT =
  'Literature: the search found no work relevant to this section in the library, so none is listed. Write without citations and do not mention or invent sources.';

function literatureBlock(input: SectionPromptInput): string {
  if (input.evidenceBlock)
    return `Literature (cite by the id in brackets):\n\n${input.evidenceBlock}`;
  return input.noRelevantLiterature
    ? NO_RELEVANT_LITERATURE_PROMPT
    : 'Literature: not searched (the author turned the literature search off); write without citations.';
}

export function userPrompt(input: SectionPromptInput): string {
  const { context } = input;
  const paper = context.paper;
  const parts = [
    `Paper: ${paper.title || '(untitled)'} (type: ${paper.type}${paper.field ? `; field: ${paper.field}` : ''})`,
    paper.description ? `Description: ${truncateToTokens(paper.description, 300)}` : '',
    paper.methodology ? `Methodology: ${truncateToTokens(paper.methodology, 200)}` : '',
    `Outline:\n${outline(context)}`,
    neighbour('Previous section', context.sections[context.index - 1]),
    neighbour('Next section', context.sections[context.index + 1]),
    input.writtenSections?.trim()
      ? `Sections of this paper already written (build on them; do not repeat them):\n\n${input.writtenSections}`
      : '',
    input.files.length > 0
      ? `Files uploaded by the author:\n\n${input.files
          .map((file) => `### ${file.filename} (${file.goal})\n${file.markdown}`)
          .join('\n\n')}`
      : '',
    literatureBlock(input),
    `Current text of section ${input.sectionNumber} "${context.sectionTitle}":\n${
      truncateToTokens(context.sectionText, PROMPT_BUDGET.section) ||
      '(empty: write this section from scratch)'
    }`,
    input.currentParagraph.trim()
      ? `The paragraph the author is working on:\n${truncateToTokens(input.currentParagraph, PROMPT_BUDGET.paragraph)}`
      : '',
    input.updatedSectionSoFar.trim()
      ? `The section as updated so far:\n${truncateToTokens(input.updatedSectionSoFar, PROMPT_BUDGET.section)}`
      : '',
    `Task: ${input.taskExplanation.trim()}`,
  ];
  return parts.filter(Boolean).join('\n\n');
}
