/** Token summaries for rule tests. */
import type { Token } from 'markdown-it';
import { markdownIt } from '../markdown/markdown-it';

/** The inline tokens of the first inline block in `markdown` (without empty text tokens). */
export function inlineTokens(markdown: string): Token[] {
  const inline = markdownIt.parse(markdown, {}).find((token) => token.type === 'inline');
  return (inline?.children ?? []).filter(
    (token) => !(token.type === 'text' && token.content === ''),
  );
}

/** `type` of each token, plus `:content` for text. */
export function inlineSummary(markdown: string): string[] {
  return inlineTokens(markdown).map((token) =>
    token.type === 'text' ? `text:${token.content}` : token.type,
  );
}

export function blockSummary(markdown: string): string[] {
  return markdownIt.parse(markdown, {}).map((token) => token.type);
}
