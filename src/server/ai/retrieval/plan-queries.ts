import { generateText, Output, type LanguageModel } from 'ai';
import { z } from 'zod';
import { truncateToTokens } from '../prompt/token-count';
import { keywordQueries } from './keyword-queries';
import type { SectionContext } from './section-context';

const plan = z.object({
  queries: z
    .array(z.string().min(2).max(200))
    .min(2)
    .max(4)
    .describe('Search queries for an index of scientific abstracts, a few keywords each'),
});

const SYSTEM = `You plan literature searches for a scientific writer. Given a paper and one of its sections, write 2 to 4 short keyword queries (3 to 8 words, English) that would find the scientific abstracts worth citing in that section. Cover different claims of the section; no boolean operators.`;

export type PlanLog = (message: string, detail?: Record<string, unknown>) => void;

/** 2–4 queries: planned by the model when there is one (structured output), else keywords. */
export async function planQueries(
  context: SectionContext,
  model: LanguageModel | null,
  log: PlanLog,
  signal?: AbortSignal,
): Promise<string[]> {
  if (model === null) return keywordQueries(context);
  try {
    const { output } = await generateText({
      model,
      system: SYSTEM,
      prompt: [
        `Paper: ${context.paper.title} (${context.paper.type}${context.paper.field ? `, ${context.paper.field}` : ''})`,
        context.paper.description
          ? `About: ${truncateToTokens(context.paper.description, 200)}`
          : '',
        `Section: ${context.headingPath.join(' > ')}`,
        `Section text:\n${truncateToTokens(context.sectionText, 1500) || '(empty: to be written)'}`,
      ]
        .filter(Boolean)
        .join('\n\n'),
      output: Output.object({ schema: plan }),
      maxRetries: 1,
      ...(signal ? { abortSignal: signal } : {}),
    });
    return [...new Set(output.queries.map((query) => query.trim()))].slice(0, 4);
  } catch (error) {
    if (signal?.aborted) throw error;
    log('query planning failed; using keyword queries', { error: (error as Error).message });
    return keywordQueries(context);
  }
}
