import type { Notebook } from './notebook';
import { sourceText } from './notebook';

/**
 * The report is the model's prose; its numbers must come from the executed cells (the report
 * prompt says so). This finds the ones that do not, so the reader checks them before they go
 * into a paper: a difference the model worked out itself, a mistyped statistic.
 */

// A number not glued to a word (H0, x2, ref_ab12cd34): 3, -3.87, .001, 1.2e-05.
const IN_PROSE = /(?<![\w.])[-−]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?(?![\w])/g;
const IN_OUTPUT = /[-+]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?/g;

/** Thresholds and levels a Results paragraph names without computing them. */
const CONVENTIONS = [0.05, 0.01, 0.001, 0.1, 90, 95, 99, 100];

const decimalsOf = (token: string) =>
  /\.(\d+)/.exec(token.split(/[eE]/)[0] ?? '')?.[1]?.length ?? 0;

/** The printed values, as percentages (for 12.5%), and the mantissas of 2.31e-07 (for 2.31 × 10⁻⁷). */
function candidates(sources: string[]): number[] {
  const values: number[] = [];
  for (const source of sources) {
    for (const [token] of source.matchAll(IN_OUTPUT)) {
      const value = Math.abs(Number(token));
      if (!Number.isFinite(value)) continue;
      values.push(value, value * 100);
      const mantissa = /^[-+]?(\d+(?:\.\d+)?)[eE]/.exec(token)?.[1];
      if (mantissa) values.push(Number(mantissa));
    }
  }
  return values;
}

/** The numbers of `report` that none of `sources` printed, as written in the report. */
export function unsupportedNumbers(report: string, sources: string[]): string[] {
  const printed = candidates(sources);
  const missing: string[] = [];
  for (const [written] of report.matchAll(IN_PROSE)) {
    const token = written.replace('−', '-');
    const value = Math.abs(Number(token));
    if (!Number.isFinite(value)) continue;
    if ((Number.isInteger(value) && value <= 10) || CONVENTIONS.includes(value)) continue;
    // Written with d decimals, a value is the printed one rounded to d decimals.
    const exponent = /[eE]([-+]?\d+)/.exec(token);
    const scale = 10 ** (exponent ? Number(exponent[1]) : 0);
    const tolerance = scale * (0.5 * 10 ** -decimalsOf(token) + 1e-9);
    if (!printed.some((candidate) => Math.abs(candidate - value) < tolerance)) {
      if (!missing.includes(written)) missing.push(written);
    }
  }
  return missing;
}

/** What a step's report may quote: the question and the code cells that ran well. */
export function reportSources(question: string, notebook: Notebook): string[] {
  const sources = [question];
  for (const cell of notebook.cells) {
    if (cell.cell_type !== 'code' || cell.metadata.tags?.length) continue;
    sources.push(sourceText(cell.source));
    for (const output of cell.outputs) {
      if (output.output_type === 'stream') sources.push(sourceText(output.text));
      else if (output.output_type !== 'error') {
        const plain = output.data['text/plain'];
        if (typeof plain === 'string') sources.push(plain);
        else if (Array.isArray(plain)) sources.push(plain.join(''));
      }
    }
  }
  return sources;
}
