/**
 * arXiv metadata spells accented names the TeX way ("Schr\"odinger", "Radi\'c", "\v{S}ter").
 * Shown to users and matched against other sources, they must be real Unicode letters.
 */

const COMBINING: Readonly<Record<string, string>> = {
  '"': '\u0308',
  "'": '\u0301',
  '`': '\u0300',
  '^': '\u0302',
  '~': '\u0303',
  '=': '\u0304',
  '.': '\u0307',
  u: '\u0306',
  v: '\u030c',
  H: '\u030b',
  c: '\u0327',
  k: '\u0328',
  r: '\u030a',
  d: '\u0323',
  b: '\u0331',
};

const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  o: 'ø',
  O: 'Ø',
  ss: 'ß',
  aa: 'å',
  AA: 'Å',
  ae: 'æ',
  AE: 'Æ',
  oe: 'œ',
  OE: 'Œ',
  l: 'ł',
  L: 'Ł',
  i: 'ı',
  j: 'ȷ',
};

// Symbol accents may touch their letter (\"o); letter accents need a brace or a space (\v{s},
// \c c) so that \beta or \cdot are never taken for \b + "eta" or \c + "dot".
const SYMBOL_ACCENT = /\\(["'`^~=.])\s*(?:\{\s*(\\[ij]|[a-zA-Z])\s*\}|(\\[ij]|[a-zA-Z]))/g;
const LETTER_ACCENT = /\\([uvHckrdb])(?:\{\s*(\\[ij]|[a-zA-Z])\s*\}|\s+([a-zA-Z])(?![a-zA-Z]))/g;
const EMPTY_GROUP = /\{\}/g;
const SPECIAL = /\\(ss|aa|AA|ae|AE|oe|OE|[oOlLij])(?![a-zA-Z])\s?/g;
// Only braces around a letter that was just composed: "{\\"o}" → "ö"; math such as \frac{2}{3} keeps its braces.
const BRACED_ACCENTED_LETTER = /\{([^\p{ASCII}])\}/gu;

function accent(mark: string, letter: string): string {
  const base = letter === '\\i' ? 'i' : letter === '\\j' ? 'j' : letter;
  return base + (COMBINING[mark] ?? '');
}

function replaceAccent(_match: string, mark: string, braced?: string, bare?: string): string {
  return accent(mark, braced ?? bare ?? '');
}

/** Decodes TeX accent escapes to composed Unicode; other TeX is left alone. */
export function decodeLatexAccents(text: string): string {
  if (!text.includes('\\')) return text;
  return text
    .replace(SYMBOL_ACCENT, replaceAccent)
    .replace(LETTER_ACCENT, replaceAccent)
    .replace(SPECIAL, (_match, name: string) => SPECIAL_LETTERS[name] ?? name)
    .replace(EMPTY_GROUP, '')
    .normalize('NFC')
    .replace(BRACED_ACCENTED_LETTER, '$1');
}
