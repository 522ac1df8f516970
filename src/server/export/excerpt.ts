/**
 * The abstract excerpt an export prints under a reference when 'Include cited abstracts' is on
 * (spec 000 §7): whole sentences up to 300 characters; a first sentence longer than that is
 * cut at a word break within 250 characters; text without any sentence end falls back to its
 * first 200 characters.
 */
export const EXCERPT_LIMIT = 300;
export const EXCERPT_WORD_LIMIT = 250;
export const EXCERPT_FALLBACK = 200;

// Periods in these do not end a sentence ('et al. 2019', 'e.g. mice', 'Fig. 2', 'J. Smith').
const ABBREVIATIONS = new Set([
  'al',
  'e.g',
  'i.e',
  'etc',
  'cf',
  'vs',
  'fig',
  'figs',
  'eq',
  'eqs',
  'no',
  'vol',
  'pp',
  'approx',
  'ca',
  'dr',
  'prof',
  'mr',
  'mrs',
  'ms',
  'st',
  'resp',
  'sec',
  'ref',
  'refs',
]);

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

/** Splits text into sentences, not at the periods of common abbreviations or initials. */
export function sentences(text: string): string[] {
  const result: string[] = [];
  let start = 0;
  const boundary = /[.!?]["')\]]*(?=\s+|$)/g;
  for (const match of text.matchAll(boundary)) {
    const end = match.index + match[0].length;
    const before = text.slice(start, match.index);
    const lastWord = (before.match(/([\p{L}.]+)$/u)?.[1] ?? '').toLowerCase();
    const isInitial = /^\p{Lu}$/u.test(before.slice(-1)) && /(^|\s)\p{Lu}$/u.test(before);
    if (match[0].startsWith('.') && (ABBREVIATIONS.has(lastWord) || isInitial)) continue;
    const sentence = text.slice(start, end).trim();
    if (sentence !== '') result.push(sentence);
    start = end;
  }
  const rest = text.slice(start).trim();
  if (rest !== '') result.push(rest);
  return result;
}

export function excerpt(abstract: string | null): string | null {
  if (abstract === null) return null;
  const text = abstractText(abstract);
  if (text === '') return null;
  if (text.length <= EXCERPT_LIMIT) return text;
  const parts = sentences(text);
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
