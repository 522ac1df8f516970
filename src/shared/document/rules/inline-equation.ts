/**
 * Inline equations: `$$...$$` inside running text (spec 000 §3). The LaTeX between the
 * dollar pairs is kept byte for byte; it ends at the first following `$$`, so LaTeX can hold
 * single dollars but never `$$`. An opening `$$` without a partner stays literal text.
 * Equations alone on their lines are block equations (see block-equation.ts).
 */
import type { MarkdownIt, StateInline } from 'markdown-it';

export interface InlineEquationMatch {
  /** Position just after the closing `$$`. */
  end: number;
  latex: string;
}

/** Reads `$$latex$$` starting at `pos`, or returns null. */
export function scanInlineEquation(
  src: string,
  pos: number,
  max = src.length,
): InlineEquationMatch | null {
  if (src.charCodeAt(pos) !== 0x24 || src.charCodeAt(pos + 1) !== 0x24 || pos + 2 > max)
    return null;
  const close = src.indexOf('$$', pos + 2);
  if (close < 0 || close + 2 > max) return null;
  return { end: close + 2, latex: src.slice(pos + 2, close) };
}

function inlineEquation(state: StateInline, silent: boolean): boolean {
  const match = scanInlineEquation(state.src, state.pos, state.posMax);
  if (!match) return false;
  if (!silent) {
    const token = state.push('equation_inline', 'span', 0);
    token.content = match.latex;
    token.markup = '$$';
  }
  state.pos = match.end;
  return true;
}

/** Emits `equation_inline` tokens whose `content` is the LaTeX. */
export function inlineEquationPlugin(md: MarkdownIt): void {
  // Before `escape` and emphasis, so `$$a_1 \* b$$` is LaTeX, not markdown.
  md.inline.ruler.before('escape', 'equation_inline', inlineEquation);
}
