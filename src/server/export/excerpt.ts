import { splitSentences } from '../ai/text/sentences';

/**
 * The abstract excerpt an export prints under a reference when 'Include cited abstracts' is on
 * (spec 000 §7): whole sentences up to 300 characters; a first sentence longer than that is
 * cut at a word break within 250 characters; text without any sentence end falls back to its
 * first 200 characters. Sentences are split as everywhere else in Scriptor (ai/text/sentences).
 */
export const EXCERPT_LIMIT = 300;
export const EXCERPT_WORD_LIMIT = 250;
export const EXCERPT_FALLBACK = 200;

/** Plain text of a JATS-style abstract: tags dropped, whitespace collapsed. */
export function abstractText(abstract: string): string {
  return abstract
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export function excerpt(abstract: string | null): string | null {
  if (abstract === null) return null;
  const text = abstractText(abstract);
  if (text === '') return null;
  if (text.length <= EXCERPT_LIMIT) return text;
  const parts = splitSentences(text);
  if (parts.length <= 1 && !/[.!?]/.test(text)) {
    return `${text.slice(0, EXCERPT_FALLBACK).trimEnd()}…`;
  }
  let kept = '';
  for (const sentence of parts) {
    const next = kept === '' ? sentence : `${kept} ${sentence}`;
    if (next.length > EXCERPT_LIMIT) break;
    kept = next;
  }
  if (kept !== '') return kept;
  const cut = text.slice(0, EXCERPT_WORD_LIMIT);
  const wordBreak = cut.lastIndexOf(' ');
  return `${(wordBreak > 0 ? cut.slice(0, wordBreak) : cut).trimEnd()}…`;
}
