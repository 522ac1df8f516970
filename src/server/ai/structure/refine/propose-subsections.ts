import { generateText, Output, type LanguageModel } from 'ai';
import { z } from 'zod';
import { languageName } from '../../../../shared/ai/languages';
import { PAPER_TYPE_LABELS } from '../../../../shared/papers/paper-types';
import { truncateToTokens } from '../../prompt/token-count';
import { MalformedStructureError } from '../propose-structure';
import type { ProposedSection } from '../structure';
import type { OutlineSection, RefineRequest } from './refine-request';

const MATERIAL_TOKENS = 1500;

const expansion = z.object({
  subsections: z
    .array(
      z.object({
        title: z.string().min(1).max(200),
        purpose: z.string().min(1).max(400).describe('One sentence: what this subsection is for'),
        works: z
          .array(z.string())
          .max(5)
          .describe('The ids (ref_...) of 2 to 5 listed works this subsection should draw on'),
      }),
    )
    .min(2)
    .max(5),
});

function systemPrompt(request: RefineRequest): string {
  return [
    'You refine the structure of an academic paper: you expand one of its headings into subsections, grounded in the literature listed.',
    `Paper type: ${PAPER_TYPE_LABELS[request.paperType]}.`,
    'Propose 3 subsections (at least 2, at most 5) that together cover what the heading is for, in a sensible order, without repeating headings the paper already has.',
    'Give every subsection a one-sentence purpose and the ids of the 2 to 5 listed works it should draw on; use only ids from the list.',
    `Write the titles and purposes in ${languageName(request.language)}.`,
  ].join('\n');
}

function outlineText(outline: readonly OutlineSection[], index: number): string {
  return outline
    .map((section, at) => {
      const mark = at === index ? '  <-- expand this heading' : '';
      return `${'#'.repeat(section.level)} ${section.title}${mark}`;
    })
    .join('\n');
}

function userPrompt(
  request: RefineRequest,
  outline: readonly OutlineSection[],
  index: number,
  evidenceBlock: string,
): string {
  const section = outline[index] as OutlineSection;
  return [
    `Title: ${request.title}`,
    request.description ? `Description: ${truncateToTokens(request.description, 600)}` : '',
    request.methodology ? `Research methodology: ${request.methodology}` : '',
    request.field ? `Field: ${request.field}` : '',
    `The paper's structure:\n${outlineText(outline, index)}`,
    `Heading to expand: ${section.title}${section.purpose ? ` (purpose: ${section.purpose})` : ''}`,
    request.material.trim()
      ? `Uploaded material and search context:\n${truncateToTokens(request.material, MATERIAL_TOKENS)}`
      : '',
    `Works found in the literature:\n${evidenceBlock || '(none found)'}`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * Asks the model for one heading's subsections through the provider's structured-output
 * protocol. An answer that is not the schema's JSON fails with MalformedStructureError (the
 * section is refunded); `signal` aborts the provider call when the job is cancelled.
 */
export async function proposeSubsections(
  model: LanguageModel,
  request: RefineRequest,
  outline: readonly OutlineSection[],
  index: number,
  evidenceBlock: string,
  signal?: AbortSignal,
): Promise<ProposedSection[]> {
  const section = outline[index] as OutlineSection;
  let output: z.infer<typeof expansion>;
  try {
    ({ output } = await generateText({
      model,
      system: systemPrompt(request),
      prompt: userPrompt(request, outline, index, evidenceBlock),
      output: Output.object({ schema: expansion }),
      maxRetries: 1,
      ...(signal ? { abortSignal: signal } : {}),
    }));
  } catch (error) {
    if (error instanceof Error && /NoObjectGenerated|TypeValidation|JSONParse/.test(error.name)) {
      throw new MalformedStructureError(error.message.split('\n')[0] ?? error.name);
    }
    throw error;
  }
  return output.subsections.map((subsection) => ({
    level: section.level + 1,
    title: subsection.title.trim(),
    purpose: subsection.purpose.trim(),
    refIds: subsection.works.map((id) => id.trim()),
  }));
}
