/**
 * Block equations: `$$...$$` alone on its lines (spec 000 §3), either on one line
 * (`$$E = mc^2$$`) or opened at the start of a line and closed at the end of a later one:
 *
 *     $$
 *     \int_0^1 f(x)\,dx
 *     $$
 *
 * The LaTeX is everything between the dollar pairs, newlines included (minus container
 * indentation and quote markers). A blank line before the closing `$$`, text after it, or a
 * `$$` in the middle of a line means "not a block"; the lines are then read as a paragraph,
 * where they may still hold inline equations. Like a fence, a block equation may interrupt
 * a paragraph, because authors and the AI often write `The formula:\n$$...$$`.
 */
import type { MarkdownIt, StateBlock } from 'markdown-it';

const ONLY_SPACES = /^[ \t]*$/;

function lineText(state: StateBlock, line: number): string {
  return state.getLines(line, line + 1, state.blkIndent, false);
}

interface BlockEquationMatch {
  latex: string;
  /** The line after the closing `$$`. */
  nextLine: number;
}

function scanBlockEquation(
  state: StateBlock,
  startLine: number,
  endLine: number,
): BlockEquationMatch | null {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return null;
  const start = state.bMarks[startLine]! + state.tShift[startLine]!;
  const max = state.eMarks[startLine]!;
  if (start + 2 > max || !state.src.startsWith('$$', start)) return null;

  const firstRest = state.src.slice(start + 2, max);
  const sameLineClose = firstRest.indexOf('$$');
  if (sameLineClose >= 0) {
    if (!ONLY_SPACES.test(firstRest.slice(sameLineClose + 2))) return null;
    return { latex: firstRest.slice(0, sameLineClose), nextLine: startLine + 1 };
  }

  const middle: string[] = [];
  for (let line = startLine + 1; line < endLine; line++) {
    if (state.isEmpty(line) || state.sCount[line]! < state.blkIndent) return null;
    const text = lineText(state, line);
    const close = text.indexOf('$$');
    if (close < 0) {
      middle.push(text);
      continue;
    }
    if (!ONLY_SPACES.test(text.slice(close + 2))) return null;
    const latex = [firstRest, ...middle, text.slice(0, close)].join('\n');
    return { latex, nextLine: line + 1 };
  }
  return null;
}

function blockEquation(
  state: StateBlock,
  startLine: number,
  endLine: number,
  silent: boolean,
): boolean {
  const match = scanBlockEquation(state, startLine, endLine);
  if (!match) return false;
  if (silent) return true;
  const token = state.push('equation_block', 'div', 0);
  token.content = match.latex;
  token.markup = '$$';
  token.map = [startLine, match.nextLine];
  token.block = true;
  state.line = match.nextLine;
  return true;
}

/** Emits `equation_block` tokens whose `content` is the LaTeX. */
export function blockEquationPlugin(md: MarkdownIt): void {
  md.block.ruler.before('fence', 'equation_block', blockEquation, {
    alt: ['paragraph', 'reference', 'blockquote', 'list'],
  });
}
