import { ImportedXmlComponent, type ParagraphChild } from 'docx';
import { mml2omml } from 'mathml2omml';
import temml from 'temml';

/**
 * LaTeX as Office Math (OMML), through MathML: Word shows it as a native, editable equation.
 * Null when the LaTeX cannot be read, so the caller can place a visible placeholder instead.
 *
 * The OMML never travels as text into document.xml. Temml writes escaped MathML; mathml2omml
 * keeps its text escaped (`disableDecode`: decoding is what let `\text{</m:t>…}` write raw
 * XML); docx parses the result into elements and writes them with its own escaping XML writer.
 * Anything that does not parse is a placeholder, never a failed export.
 */
export function latexToOmml(latex: string): ParagraphChild | null {
  try {
    const mathml = temml.renderToString(latex, { throwOnError: true });
    const omml = mml2omml(mathml, { disableDecode: true });
    const imported = ImportedXmlComponent.fromXmlString(omml) as unknown as { root: unknown[] };
    const [math, ...rest] = imported.root;
    return math !== undefined && rest.length === 0 ? (math as ParagraphChild) : null;
  } catch {
    return null;
  }
}
