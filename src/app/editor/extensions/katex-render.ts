import katex from 'katex';
import 'katex/dist/katex.min.css';

/** Renders LaTeX into `target`; a syntax error shows KaTeX's red source text instead of throwing. */
export function renderLatex(target: HTMLElement, latex: string, displayMode: boolean): void {
  katex.render(latex.trim() === '' ? '\\square' : latex, target, {
    displayMode,
    throwOnError: false,
    // Papers hold macros from many sources; unknown commands render red instead of failing.
    strict: 'ignore',
    trust: false,
  });
}
