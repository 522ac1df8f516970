import { generateText, Output, type LanguageModel } from 'ai';
import { z } from 'zod';
import { languageName } from '../../../shared/ai/languages';
import { PAPER_TYPE_LABELS } from '../../../shared/papers/paper-types';
import { truncateToTokens } from '../prompt/token-count';
import type { ProposedSection, StructureRequest } from './structure';
import { STRUCTURE_TEMPLATES } from './structure-templates';

const UPLOAD_TOKENS = 3000;

const proposal = z.object({
  sections: z
    .array(
      z.object({
        level: z
          .number()
          .int()
          .min(2)
          .max(5)
          .describe('2 for ##, 3 for ###, 4 for ####, 5 for #####'),
        title: z.string().min(1).max(200),
        purpose: z.string().min(1).max(400).describe('One sentence: what this section is for'),
        works: z
          .array(z.string())
          .max(5)
          .describe('The ids (ref_...) of 2 to 5 listed works this section should draw on'),
      }),
    )
    .min(3)
    .max(40),
});

/** A structure the model answered that the protocol could not read or that breaks the schema. */
export class MalformedStructureError extends Error {
  constructor(detail: string) {
    super(`The model returned a malformed structure (${detail})`);
    this.name = 'MalformedStructureError';
  }
}

function systemPrompt(request: StructureRequest): string {
  const conventions = STRUCTURE_TEMPLATES[request.paperType].conventions;
  return [
    'You propose the structure (the headings) of a new academic paper, grounded in the literature listed.',
    `Paper type: ${PAPER_TYPE_LABELS[request.paperType]}. Conventions: ${conventions}`,
    'Use heading levels 2 (chapter) to 5; start at level 2 and go at most one level deeper at a time.',
    'Give every section a one-sentence purpose and the ids of the 2 to 5 listed works it should draw on; use only ids from the list.',
    `Write the titles and purposes in ${languageName(request.language)}.`,
  ].join('\n');
}

function userPrompt(request: StructureRequest, evidenceBlock: string): string {
  return [
    `Title: ${request.title}`,
    `Description: ${truncateToTokens(request.description, 600)}`,
    request.methodology ? `Research methodology: ${request.methodology}` : '',
    request.field ? `Field: ${request.field}` : '',
    request.uploadedContent.trim()
      ? `Uploaded material (an assignment's text or rubric is followed task by task):\n${truncateToTokens(request.uploadedContent, UPLOAD_TOKENS)}`
      : '',
    `Works found in the literature:\n${evidenceBlock || '(none found)'}`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** Levels as the tree needs them: from ## down, never skipping a level on the way down. */
export function normalizeLevels<T extends { level: number }>(sections: readonly T[]): T[] {
  let previous = 1;
  return sections.map((section) => {
    const level = Math.max(2, Math.min(section.level, previous + 1, 5));
    previous = level;
    return { ...section, level };
  });
}

/**
 * Asks the model for the structure through the provider's structured-output protocol (as
 * query planning does). An answer that is not the schema's JSON fails with
 * MalformedStructureError: the job fails with that message and its charge is refunded.
 */
export async function proposeStructure(
  model: LanguageModel,
  request: StructureRequest,
  evidenceBlock: string,
): Promise<ProposedSection[]> {
  let output: z.infer<typeof proposal>;
  try {
    ({ output } = await generateText({
      model,
      system: systemPrompt(request),
      prompt: userPrompt(request, evidenceBlock),
      output: Output.object({ schema: proposal }),
      maxRetries: 1,
    }));
  } catch (error) {
    if (error instanceof Error && /NoObjectGenerated|TypeValidation|JSONParse/.test(error.name)) {
      throw new MalformedStructureError(error.message.split('\n')[0] ?? error.name);
    }
    throw error;
  }
  return normalizeLevels(
    output.sections.map((section) => ({
      level: section.level,
      title: section.title.trim(),
      purpose: section.purpose.trim(),
      refIds: section.works.map((id) => id.trim()),
    })),
  );
}
