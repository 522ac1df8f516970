/**
 * The search box syntax: plain words, "quoted phrases", -excluded words or phrases and
 * +required words. Everything else is text: quotes that never close run to the end, stray
 * operators are ignored, and SQL, regex or shell fragments are just more words (the parser
 * only compares characters; nothing is evaluated or used as a pattern).
 */

export type Occur = 'should' | 'must' | 'mustNot';

export interface QueryClause {
  kind: 'word' | 'phrase';
  text: string;
  occur: Occur;
}

/** Longer input is cut: nobody types more, and it bounds the work a request can ask for. */
export const MAX_QUERY_LENGTH = 2000;
export const MAX_QUERY_CLAUSES = 64;

const OPENING_QUOTES = new Set(['"', '\u201c', '\u201e', '\u00ab']);
const CLOSING_QUOTES = new Set(['"', '\u201d', '\u201c', '\u00bb']);
const MINUS_SIGNS = new Set(['-', '\u2212', '\u2013']);

function isSpace(char: string): boolean {
  return char.trim() === '';
}

export function parseQuery(input: unknown): QueryClause[] {
  if (typeof input !== 'string') return [];
  const text = input.slice(0, MAX_QUERY_LENGTH);
  const clauses: QueryClause[] = [];
  let i = 0;
  while (i < text.length && clauses.length < MAX_QUERY_CLAUSES) {
    const char = text.charAt(i);
    if (isSpace(char)) {
      i += 1;
      continue;
    }
    let occur: Occur = 'should';
    if (MINUS_SIGNS.has(char) || char === '+') {
      const next = text.charAt(i + 1);
      if (next === '' || isSpace(next)) {
        i += 1;
        continue;
      }
      occur = char === '+' ? 'must' : 'mustNot';
      i += 1;
    }
    const opener = text.charAt(i);
    if (OPENING_QUOTES.has(opener)) {
      let end = i + 1;
      while (end < text.length && !CLOSING_QUOTES.has(text.charAt(end))) end += 1;
      const phrase = text.slice(i + 1, end).trim();
      if (phrase !== '') {
        clauses.push({ kind: 'phrase', text: phrase, occur: occur === 'should' ? 'must' : occur });
      }
      i = end + 1;
      continue;
    }
    let end = i;
    while (
      end < text.length &&
      !isSpace(text.charAt(end)) &&
      !OPENING_QUOTES.has(text.charAt(end))
    ) {
      end += 1;
    }
    clauses.push({ kind: 'word', text: text.slice(i, end), occur });
    i = end;
  }
  return clauses;
}
