import { decodeLatexAccents } from './latex-accents';

/**
 * arXiv author strings are free text: "A. Smith, B. Jones and C. Wu", "A, B, and C", with TeX
 * accents and, in the OAI/Kaggle dumps, affiliations in (nested) parentheses:
 * "A. Smith (1), B. Jones (2) ((1) MIT, (2) ETH)". Commas inside parentheses must not split.
 */

const SUFFIXES = new Set(['jr', 'jr.', 'sr', 'sr.', 'ii', 'iii', 'iv']);
const AND_SEPARATOR = /\s+and\s+|\s*&\s*/i;
const ET_AL = /\s*,?\s*\bet\.?\s+al\.?$/i;

function withoutParentheses(text: string): string {
  let depth = 0;
  let out = '';
  for (const char of text) {
    if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += char;
  }
  return out;
}

export function splitArxivAuthors(authors: string): string[] {
  const text = withoutParentheses(decodeLatexAccents(authors)).replace(/\s+/g, ' ');
  const names: string[] = [];
  for (const piece of text.split(/[,;]/)) {
    for (const part of piece.split(AND_SEPARATOR)) {
      const name = part.replace(ET_AL, '').replace(/[{}]/g, '').trim();
      if (name === '' || /^and$/i.test(name)) continue;
      const previous = names.length - 1;
      if (SUFFIXES.has(name.toLowerCase()) && previous >= 0) {
        names[previous] = `${names[previous]} ${name}`;
        continue;
      }
      names.push(name);
    }
  }
  return names;
}
