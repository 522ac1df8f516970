import { generateText, Output, type LanguageModel } from 'ai';
import { z } from 'zod';
import { truncateToTokens } from '../prompt/token-count';
import { claimQueries, keywordQueries, MAX_QUERIES } from './keyword-queries';
import type { SectionContext } from './section-context';

const plan = z.object({
  queries: z
    .array(z.string().min(2).max(200))
    .min(1)
    .max(8)
    .describe(
      'Search queries for an index of scientific abstracts, one per claim, a few keywords each',
    ),
});

const SYSTEM = `You plan literature searches for a scientific writer. Given a paper and one of its sections, write one short keyword query (3 to 8 words, English) for each claim or paragraph of the section that needs a citation, at most 8, each naming that claim's specific subject (substances, genes, populations, outcomes). Never write a query about the paper's topic in general. If the section is empty, write 2 to 4 queries for what it should cover. No boolean operators.`;

export type PlanLog = (message: string, detail?: Record<string, unknown>) => void;

/**
 * Queries per claim: each claim of the section as written (keyword-queries.ts) and, with a model,
 * its keyword query per claim or paragraph (structured output); without a model or when planning
 * fails, the claims alone (or the paper's topic for an empty section).
 */
export async function planQueries(
  context: SectionContext,
  model: LanguageModel | null,
  log: PlanLog,
  signal?: AbortSignal,
): Promise<string[]> {
  if (model === null) return keywordQueries(context);
  const claims = claimQueries(context);
  try {
    const { output } = await generateText({
      model,
      system: SYSTEM,
      prompt: [
        `Paper: ${context.paper.title} (${context.paper.type}${context.paper.field ? `, ${context.paper.field}` : ''})`,
        context.paper.description
          ? `About: ${truncateToTokens(context.paper.description, 200)}`
          : '',
        context.paper.methodology
          ? `Methodology: ${truncateToTokens(context.paper.methodology, 100)}`
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
    const planned = output.queries.map((query) => query.trim());
    return [...new Set([...claims, ...planned])].slice(0, MAX_QUERIES + 4);
  } catch (error) {
    if (signal?.aborted) throw error;
    log('query planning failed; using keyword queries', { error: (error as Error).message });
    return keywordQueries(context);
  }
}
