import { countTokens as countO200k } from 'gpt-tokenizer';

/** Tokens of `text` (o200k); special-token text in a document is counted as ordinary text. */
export function countTokens(text: string): number {
  return countO200k(text, { disallowedSpecial: new Set() });
}
