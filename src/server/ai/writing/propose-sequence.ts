import { generateText, NoObjectGeneratedError, Output } from 'ai';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { CurrentUser } from '../../auth/current-user';
import { chooseAffordableModel } from '../../billing/affordable-model';
import { authorizedPaper } from '../../policies/paper-policy';
import { truncateToTokens } from '../prompt/token-count';
import { RULE_BASED_REASONING, ruleBasedSequence, type OutlineSection } from './section-roles';

export interface SequenceRequest {
  paperId: string;
  paperType?: string | undefined;
  sections: OutlineSection[];
  selectedModel?: string | null | undefined;
}

export interface ProposedSequence {
  /** The given sections, each once, in the order they are best written. */
  sequence: OutlineSection[];
  reasoning: string;
  /**
   * 'model' when the model's order was used, 'rules' for the rule-based order (no model), and
   * 'model-failed' when a model was asked and its answer could not be used: the sections then
   * keep their document order, the default order of 001 §8's 'Failed to determine optimal
   * sequence. Using default order.'
   */
  source: 'model' | 'rules' | 'model-failed';
}

export const SINGLE_SECTION_REASONING =
  'There is one section to write, so there is no order to choose.';

/** What 'Why this order' says when the model was asked and its answer could not be used. */
export function modelFailedReasoning(why: string): string {
  return `The AI model was asked for the best order, but ${why}, so the sections are in the order of the paper.`;
}

const plan = z.object({
  order: z
    .array(z.number().int())
    .describe('Every section id from the list exactly once, in the order to write them'),
  reasoning: z.string().min(1).max(2000).describe('Why this order, in two to four sentences'),
});

/**
 * The prompt's bounds (issue 31.6: 500 titles of 2,000 characters made a 1 MB prompt): longer
 * titles are cut, and an outline longer than a model can usefully order gets the rule-based
 * order without a model call.
 */
export const MODEL_SEQUENCE_MAX_SECTIONS = 150;
export const MODEL_SEQUENCE_TITLE_CHARS = 120;

const SYSTEM = `You plan how an author writes a scientific paper section by section, each section written knowing the ones written before it. Given the paper and its numbered sections, choose the order in which the sections are best written so that later sections can build on earlier ones (for an empirical paper typically methods and results before discussion, conclusion, introduction and abstract). Answer with every section id exactly once, and explain the order briefly.`;

/** True when `order` names each of the ids 1..count exactly once. */
export function isPermutation(order: readonly number[], count: number): boolean {
  const seen = new Set(order);
  return (
    order.length === count && seen.size === count && order.every((id) => id >= 1 && id <= count)
  );
}

/**
 * POST /api/scaffolded-writing/sequence: the model proposes the writing order through
 * structured output; without a model the rule-based order (section-roles.ts) is answered, and
 * when the call fails or its answer is not a permutation of the sections, the document order
 * with a reasoning that says so (never the rule-based text, which says no model was used).
 */
export async function proposeSequence(
  context: AppContext,
  user: CurrentUser,
  request: SequenceRequest,
  signal?: AbortSignal,
): Promise<ProposedSequence> {
  const paper = await authorizedPaper(context.database.db, user, 'edit', request.paperId);
  const { sections } = request;
  const rules: ProposedSequence = {
    sequence: ruleBasedSequence(sections),
    reasoning: RULE_BASED_REASONING,
    source: 'rules',
  };
  const failed = (why: string): ProposedSequence => ({
    sequence: [...sections],
    reasoning: modelFailedReasoning(why),
    source: 'model-failed',
  });
  if (sections.length < 2) {
    return { sequence: [...sections], reasoning: SINGLE_SECTION_REASONING, source: 'rules' };
  }
  if (sections.length > MODEL_SEQUENCE_MAX_SECTIONS) return rules;
  const { model } = await chooseAffordableModel(context, user, request.selectedModel);
  if (!model) return rules;
  const outline = sections
    .map((section, index) => {
      const indent = '  '.repeat(Math.max(0, section.sectionLevel - 2));
      const title = section.sectionTitle.slice(0, MODEL_SEQUENCE_TITLE_CHARS);
      return `${indent}id ${index + 1}: ${section.sectionNumber} ${title}`;
    })
    .join('\n');
  try {
    const { output } = await generateText({
      model: model.instance,
      system: SYSTEM,
      prompt: [
        `Paper: ${paper.title || '(untitled)'} (type: ${request.paperType || paper.type}${paper.field ? `; field: ${paper.field}` : ''})`,
        paper.methodology ? `Methodology: ${truncateToTokens(paper.methodology, 200)}` : '',
        paper.description ? `Description: ${truncateToTokens(paper.description, 300)}` : '',
        `Sections:\n${outline}`,
      ]
        .filter(Boolean)
        .join('\n\n'),
      output: Output.object({ schema: plan }),
      maxRetries: 1,
      ...(signal ? { abortSignal: signal } : {}),
    });
    if (!isPermutation(output.order, sections.length)) {
      context.ai.log('sequence answer is not a permutation; using the document order', {
        paperId: paper.id,
        order: output.order,
      });
      return failed('its answer did not name each section exactly once');
    }
    return {
      sequence: output.order.map((id) => sections[id - 1] as OutlineSection),
      reasoning: output.reasoning.trim(),
      source: 'model',
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    context.ai.log('sequence planning failed; using the document order', {
      paperId: paper.id,
      error: (error as Error).message,
    });
    return failed(
      NoObjectGeneratedError.isInstance(error)
        ? 'its answer was not an order of the sections'
        : 'the call to it failed',
    );
  }
}
