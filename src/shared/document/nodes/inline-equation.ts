import { Node } from '@tiptap/core';
import { delimitedLatex, latexAttributes, writableLatex } from './equation-latex';
import type { InlineNodeMarkdown } from '../markdown/types';

/**
 * A continuation line of running text that starts with one of these could begin a block
 * (list, heading, quote, fence, table, `$$`…); four spaces of indentation make markdown read
 * it as plain continuation, and LaTeX ignores the spaces.
 */
const BLOCK_START = /\n(?! {4})(?=[ \t]*(?:[-+*#>=`~|:_$[]|\d|$))/g;

/**
 * An equation inside running text, `$$…$$` (spec 000 §3: inline when it shares its lines
 * with text). The LaTeX is kept exactly; the app extends this node with a KaTeX view.
 */
export const InlineEquation = Node.create({
  name: 'inlineEquation',
  group: 'inline',
  inline: true,
  atom: true,
  addAttributes: latexAttributes,
  parseHTML: () => [{ tag: 'span[data-type="inline-equation"]' }],
  renderHTML: ({ node, HTMLAttributes }) => [
    'span',
    { ...HTMLAttributes, 'data-type': 'inline-equation' },
    delimitedLatex(node.attrs.latex),
  ],
  renderText: ({ node }) => delimitedLatex(node.attrs.latex),
});

export const inlineEquationMarkdown: InlineNodeMarkdown = {
  parse: { equation_inline: { kind: 'atom', attrs: (token) => ({ latex: token.content }) } },
  toMarkdown: (node) =>
    `$$${writableLatex(String(node.attrs.latex)).replace(BLOCK_START, '\n    ')}$$`,
  opensBlockAtLineStart: true,
};
