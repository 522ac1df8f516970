import type * as GptTokenizer from 'gpt-tokenizer';
import { lazyPackage } from '../../lazy-package';

const tokenizer = lazyPackage<typeof GptTokenizer>('gpt-tokenizer');

/**
 * Token counts with the o200k encoding of current OpenAI models. Other providers tokenise
 * differently, but within tens of percent, which the budgets leave room for.
 */
export function tokenCount(text: string): number {
  return tokenizer().countTokens(text);
}

/** No token is longer than this many characters in practice; longer text is cut before encoding. */
const MAX_CHARS_PER_TOKEN = 8;

/** The text cut to at most `limit` tokens, ending with '…' when something was cut. */
export function truncateToTokens(text: string, limit: number): string {
  if (limit <= 0) return '';
  // Encoding a long abstract only to keep its start is the slow part of prompt building.
  const head = text.slice(0, limit * MAX_CHARS_PER_TOKEN);
  const tokens = tokenizer().encode(head);
  if (tokens.length <= limit && head.length === text.length) return text;
  return `${tokenizer()
    .decode(tokens.slice(0, Math.max(0, limit - 1)))
    .trimEnd()}…`;
}
