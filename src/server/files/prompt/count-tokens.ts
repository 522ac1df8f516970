import type * as GptTokenizer from 'gpt-tokenizer';
import { lazyPackage } from '../../lazy-package';

const tokenizer = lazyPackage<typeof GptTokenizer>('gpt-tokenizer');

/** Tokens of `text` (o200k); special-token text in a document is counted as ordinary text. */
export function countTokens(text: string): number {
  return tokenizer().countTokens(text, { disallowedSpecial: new Set() });
}
