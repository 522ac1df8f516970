/**
 * LaTeX that markdown can hold between `$$` pairs: a `$$` inside would end it early and a
 * trailing `$` would join the closing pair, so both get a space; blank lines would end the
 * paragraph or block, so they are dropped (the first and last line share their line with
 * the dollars and are never blank). Valid LaTeX never contains any of these.
 */
export function writableLatex(latex: string): string {
  let text = latex.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');
  while (text.includes('$$')) text = text.replace(/\$\$/g, '$ $');
  if (text.endsWith('$')) text = `${text} `;
  const lines = text.split('\n');
  const last = lines.length - 1;
  return lines
    .filter((line, index) => index === 0 || index === last || !/^[ \t]*$/.test(line))
    .join('\n');
}

/** Both equation nodes keep their LaTeX in one attribute, mirrored to `data-latex` in HTML. */
export const latexAttributes = () => ({
  latex: {
    default: '',
    parseHTML: (element: HTMLElement) => element.getAttribute('data-latex') ?? '',
    renderHTML: (attributes: Record<string, unknown>) => ({ 'data-latex': attributes.latex }),
  },
});

/** How an equation reads as plain text (copying, renderText): with its delimiters. */
export const delimitedLatex = (latex: unknown) => `$$${String(latex)}$$`;
