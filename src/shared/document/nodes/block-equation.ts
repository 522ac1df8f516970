import { Node } from '@tiptap/core';
import { delimitedLatex, latexAttributes, writableLatex } from './equation-latex';
import type { BlockNodeMarkdown } from '../markdown/types';

/**
 * A display equation: `$$…$$` alone on its lines (see rules/block-equation.ts). The LaTeX,
 * newlines included, is kept exactly as written. The app extends this node with a KaTeX view.
 */
export const BlockEquation = Node.create({
  name: 'blockEquation',
  group: 'block',
  atom: true,
  addAttributes: latexAttributes,
  parseHTML: () => [{ tag: 'div[data-type="block-equation"]' }],
  renderHTML: ({ node, HTMLAttributes }) => [
    'div',
    { ...HTMLAttributes, 'data-type': 'block-equation' },
    delimitedLatex(node.attrs.latex),
  ],
  renderText: ({ node }) => delimitedLatex(node.attrs.latex),
});

export const blockEquationMarkdown: BlockNodeMarkdown = {
  parse: { equation_block: { kind: 'atom', attrs: (token) => ({ latex: token.content }) } },
  toMarkdown: (node) => `$$${writableLatex(String(node.attrs.latex))}$$`,
};
