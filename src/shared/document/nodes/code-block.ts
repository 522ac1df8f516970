import { Node } from '@tiptap/core';
import type { BlockNodeMarkdown } from '../markdown/types';

/** The language that the editor renders as a Mermaid diagram (spec 000 §3). */
export const MERMAID_LANGUAGE = 'mermaid';

function longestRun(text: string, char: string): number {
  let longest = 0;
  let current = 0;
  for (const c of text) {
    current = c === char ? current + 1 : 0;
    longest = Math.max(longest, current);
  }
  return longest;
}

/** The info string keeps one line; `null` for none. */
function toLanguage(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const language = value.replace(/[\r\n]+/g, ' ').trim();
  return language === '' ? null : language;
}

/**
 * A fenced code block. `language` is the whole info string after the fence (`mermaid`,
 * `python`, …). The fence is three backticks, longer when the code contains a backtick run,
 * and tildes when the language itself holds a backtick (markdown forbids that after
 * backticks).
 */
export const CodeBlock = Node.create({
  name: 'codeBlock',
  group: 'block',
  content: 'text*',
  // Where the code came from is kept (docs/provenance.md); no formatting is.
  marks: 'provenance',
  code: true,
  defining: true,
  addAttributes: () => ({
    language: {
      default: null,
      parseHTML: (element) => {
        const code = element.querySelector('code') ?? element;
        const match = /(?:^|\s)language-(\S+)/.exec(code.getAttribute('class') ?? '');
        return match?.[1] ?? null;
      },
      rendered: false,
    },
  }),
  parseHTML: () => [{ tag: 'pre', preserveWhitespace: 'full' }],
  renderHTML: ({ node, HTMLAttributes }) => {
    const language = toLanguage(node.attrs.language);
    return [
      'pre',
      HTMLAttributes,
      ['code', { class: language ? `language-${language}` : null }, 0],
    ];
  },
});

export const codeBlockMarkdown: BlockNodeMarkdown = {
  parse: {
    fence: {
      kind: 'plainText',
      attrs: (token) => ({ language: toLanguage(token.info) }),
      // The fence token's content ends with the last line's newline, which is not code.
      text: (token) => token.content.replace(/\n$/, ''),
    },
  },
  toMarkdown: (node) => {
    const language = toLanguage(node.attrs.language);
    const code = node.textContent.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');
    const char = language?.includes('`') ? '~' : '`';
    const fence = char.repeat(Math.max(3, longestRun(code, char) + 1));
    const info = language === null ? '' : language.startsWith(char) ? ` ${language}` : language;
    return `${fence}${info}\n${code === '' ? '' : `${code}\n`}${fence}`;
  },
};
