import { generateText, Output, streamText, type LanguageModel } from 'ai';
import { z } from 'zod';
import { CitationFilter } from '../../ai/stream/citation-filter';

/** The most code cells a plan may hold; more is a plan too long to check by reading. */
export const MAX_PLANNED_CELLS = 8;

export interface AnalysisContext {
  question: string;
  /** describeDataFile(): the table as the model may see it. */
  data: string;
  /** The code that loads the file into `df` (describe-file.ts loadCode). */
  load: string;
  /** The kernel's library versions, e.g. 'pandas 1.5.3, scipy 1.10.1'. */
  libraries: string;
  /** Earlier questions and answers of the conversation. */
  history: string;
}

const RULES = `Rules for the code: Python 3 in a Jupyter kernel with {libraries} (write for these versions, not for newer APIs; no other packages, no network, no installs). The kernel's working folder holds only the data file; the first cell imports pandas as pd and loads the file with this code:\n{load}\n(later cells use df). Use scipy.stats or statsmodels for tests and print their statistics (test statistic, degrees of freedom where defined, p-value, effect size). Draw at most two figures with matplotlib and call plt.show(). Print results; never write files.`;

const rules = (context: AnalysisContext) =>
  RULES.replace('{load}', context.load).replace('{libraries}', context.libraries);

const planSchema = z.object({
  plan: z.string().describe('The analysis plan in Markdown: which test or model and why'),
  cells: z.array(z.string()).min(1).max(MAX_PLANNED_CELLS).describe('Python code cells, in order'),
});

/** Planning: the plan in words and the code cells that carry it out. */
export async function planAnalysis(model: LanguageModel, context: AnalysisContext) {
  const { output } = await generateText({
    model,
    system: `DATA ANALYSIS PLAN. You are a careful statistician helping a student analyse their data. Plan an analysis that answers the question, then write the code cells. ${rules(context)}`,
    prompt: `${context.history ? `Earlier in this conversation:\n${context.history}\n\n` : ''}Data:\n${context.data}\n\nQuestion: ${context.question}`,
    output: Output.object({ schema: planSchema }),
    maxRetries: 1,
  });
  return { markdown: output.plan.trim(), code: output.cells.map((cell) => cell.trim()) };
}

const correctionSchema = z.object({ code: z.string().describe('The corrected cell') });

/** A failed cell and its traceback shown to the model, which answers the corrected cell. */
export async function correctCell(
  model: LanguageModel,
  context: AnalysisContext,
  failed: {
    code: string;
    error: string;
    earlier: string[];
    /** A limit stopped the kernel; the engine ran the earlier cells again in a new one. */
    killed: boolean;
  },
): Promise<string> {
  const killed = failed.killed
    ? '\n\nA limit (time, output, memory or processes) stopped the kernel. A new kernel has run the cells above again, so their variables exist. Do the same work within the limits (less output, fewer iterations, a sample).'
    : '';
  const { output } = await generateText({
    model,
    system: `DATA ANALYSIS CORRECTION. A code cell of a data analysis failed. Answer the corrected cell only, doing what the cell meant to do. ${rules(context)}`,
    prompt: `Data:\n${context.data}\n\nQuestion: ${context.question}\n\nCells that ran before:\n${failed.earlier.join('\n\n# ---\n') || '(none)'}\n\nThe failed cell:\n${failed.code}\n\nIts error:\n${failed.error}${killed}`,
    output: Output.object({ schema: correctionSchema }),
    maxRetries: 1,
  });
  return output.code.trim();
}

/**
 * The report: the answer in words with the statistics and what they mean, written as a
 * Results paragraph. Streamed; the analysis retrieves no literature, so any citation marker is
 * removed by the engine's filter with nothing allowed.
 */
export async function* writeReport(
  model: LanguageModel,
  context: AnalysisContext,
  executed: string,
  signal?: AbortSignal,
): AsyncGenerator<string> {
  const result = streamText({
    model,
    system:
      'DATA ANALYSIS REPORT. Answer the question from the executed analysis below, as one or two paragraphs for the Results section of a paper: name the test, report its statistics exactly as printed (with p-values and effect sizes), say what they mean for the question, and note a limitation when the output shows one. Use only numbers that appear in the outputs. Plain prose, no headings, no code, no citations.',
    prompt: `Data:\n${context.data}\n\nQuestion: ${context.question}\n\nExecuted cells and their outputs:\n${executed}`,
    maxRetries: 1,
    ...(signal ? { abortSignal: signal } : {}),
    onError: () => undefined,
  });
  const filter = new CitationFilter(new Set());
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') {
      const out = filter.push(part.text);
      if (out) yield out;
    } else if (part.type === 'error') throw part.error;
  }
  const rest = filter.flush();
  if (rest) yield rest;
}
