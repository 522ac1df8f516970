import { Node } from '@tiptap/core';
import type { BlockNodeMarkdown } from '../markdown/types';

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

/**
 * A display equation: `$$…$$` alone on its lines (see rules/block-equation.ts). The LaTeX,
 * newlines included, is kept exactly as written. The app extends this node with a KaTeX view.
 */
export const BlockEquation = Node.create({
  name: 'blockEquation',
  group: 'block',
  atom: true,
  addAttributes: () => ({
    latex: {
      default: '',
      parseHTML: (element) => element.getAttribute('data-latex') ?? '',
      renderHTML: (attributes) => ({ 'data-latex': attributes.latex }),
    },
  }),
  parseHTML: () => [{ tag: 'div[data-type="block-equation"]' }],
  renderHTML: ({ node, HTMLAttributes }) => [
    'div',
    { ...HTMLAttributes, 'data-type': 'block-equation' },
    `$$${String(node.attrs.latex)}$$`,
  ],
  renderText: ({ node }) => `$$${String(node.attrs.latex)}$$`,
});

export const blockEquationMarkdown: BlockNodeMarkdown = {
  parse: { equation_block: { kind: 'atom', attrs: (token) => ({ latex: token.content }) } },
  toMarkdown: (node) => `$$${writableLatex(String(node.attrs.latex))}$$`,
};
