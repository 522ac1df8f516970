/**
 * Sentence splitting for prose in English and similar languages: a sentence ends at '.', '!'
 * or '?' followed by space and a capital, digit, quote or bracket, unless the word before the
 * point is a common abbreviation ('e.g.', 'et al.', 'Fig.') or a single initial.
 */
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'al',
  'fig',
  'figs',
  'eq',
  'eqs',
  'ref',
  'refs',
  'vs',
  'cf',
  'etc',
  'approx',
  'no',
  'vol',
  'pp',
  'dr',
  'prof',
  'mr',
  'mrs',
  'ms',
  'st',
  'resp',
  'ca',
  'sec',
]);

const BOUNDARY = /([.!?])(["')\]]*)\s+(?=[A-Z0-9"'([\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF])/g;

export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(BOUNDARY)) {
    const end = match.index + match[1]!.length + match[2]!.length;
    if (match[1] === '.') {
      const before = /([\p{L}.]+)$/u.exec(text.slice(start, match.index))?.[1] ?? '';
      const word = before.toLowerCase();
      if (ABBREVIATIONS.has(word) || /^\p{L}$/u.test(word) || word.includes('.')) continue;
    }
    const sentence = text.slice(start, end).trim();
    if (sentence) sentences.push(sentence);
    start = match.index + match[0].length;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}
