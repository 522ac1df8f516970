import { mml2omml } from 'mathml2omml';
import temml from 'temml';

/**
 * LaTeX as Office Math (OMML), through MathML: Word shows it as a native, editable equation.
 * Null when the LaTeX cannot be read, so the caller can place a visible placeholder instead.
 */
export function latexToOmml(latex: string): string | null {
  try {
    const mathml = temml.renderToString(latex, { throwOnError: true });
    return mml2omml(mathml);
  } catch {
    return null;
  }
}
