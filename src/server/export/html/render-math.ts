import katex from 'katex';
import temml from 'temml';
import { escapeHtml } from './escape-html';

export type MathOutput = 'katex' | 'mathml';

/**
 * An equation as HTML: KaTeX (with its fonts, for print) or MathML (for a standalone HTML file
 * that needs no fonts). A LaTeX error becomes a visible placeholder holding the source, never
 * an exception: one broken equation must not fail an export.
 */
export function renderMath(latex: string, display: boolean, output: MathOutput): string {
  try {
    return output === 'katex'
      ? katex.renderToString(latex, {
          displayMode: display,
          throwOnError: true,
          output: 'htmlAndMathml',
        })
      : temml.renderToString(latex, { displayMode: display, throwOnError: true });
  } catch {
    return equationPlaceholder(latex, display);
  }
}

export function equationPlaceholder(latex: string, display: boolean): string {
  const tag = display ? 'div' : 'span';
  return `<${tag} class="broken" title="This equation could not be typeset">[Equation error: ${escapeHtml(latex)}]</${tag}>`;
}
