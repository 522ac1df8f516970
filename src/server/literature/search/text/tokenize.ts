/**
 * Splits folded text into word tokens. Everything that is not a letter or digit separates words
 * (so hyphens, slashes, LaTeX braces and carets all split), with three exceptions that keep
 * scientific notation intact: decimals ("1.8"), thousands ("10,000" becomes "10000") and the
 * English possessive ("Alzheimer's" becomes "alzheimer").
 *
 * Tokens are reported as ranges of the input so the indexer can look them up without creating
 * a string per token; only a token that is not a plain range (thousands) comes as its own text.
 */

/** `text.slice(start, end)` is the token. */
export type TokenRangeSink = (text: string, start: number, end: number, position: number) => void;

/** Tokens longer than this are cut: base64 blobs and sequences would only bloat the dictionary. */
export const MAX_TOKEN_LENGTH = 64;

const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;

// ASCII character classes, looked up instead of compared: this loop runs for every character.
const WORD = 1;
const DIGIT = 2;
const ASCII_CLASS = new Uint8Array(128);
for (let code = 48; code <= 57; code++) ASCII_CLASS[code] = WORD | DIGIT;
for (let code = 65; code <= 90; code++) ASCII_CLASS[code] = WORD;
for (let code = 97; code <= 122; code++) ASCII_CLASS[code] = WORD;

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Width in UTF-16 units of the word character at `index`, or 0 when it is not one. */
function wordCharWidth(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code < 128) return ASCII_CLASS[code]! & WORD;
  if (Number.isNaN(code)) return 0;
  const point = text.codePointAt(index) ?? 0;
  if (!LETTER_OR_NUMBER.test(String.fromCodePoint(point))) return 0;
  return point > 0xffff ? 2 : 1;
}

// "10,000" joins but "1,2,3" does not: exactly three digits must follow the comma.
function isThousandsComma(text: string, index: number): boolean {
  return (
    isDigit(text.charCodeAt(index - 1)) &&
    isDigit(text.charCodeAt(index + 1)) &&
    isDigit(text.charCodeAt(index + 2)) &&
    isDigit(text.charCodeAt(index + 3)) &&
    !isDigit(text.charCodeAt(index + 4))
  );
}

function isDecimalPoint(text: string, index: number): boolean {
  return isDigit(text.charCodeAt(index - 1)) && isDigit(text.charCodeAt(index + 1));
}

function possessiveLength(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code !== 39 && code !== 0x2019) return 0;
  const next = text.charCodeAt(index + 1);
  if (next !== 115 && next !== 83) return 0;
  return wordCharWidth(text, index + 2) === 0 ? 2 : 0;
}

/** Reports each token in order; returns the number of positions used. */
export function tokenizeRanges(text: string, sink: TokenRangeSink): number {
  let position = 0;
  let index = 0;
  const length = text.length;
  while (index < length) {
    const first = text.charCodeAt(index);
    const width = first < 128 ? ASCII_CLASS[first]! & WORD : wordCharWidth(text, index);
    if (width === 0) {
      index += 1;
      continue;
    }
    const start = index;
    let joined: string | null = null;
    let pieceStart = start;
    index += width;
    while (index < length) {
      const code = text.charCodeAt(index);
      if (code < 128 && (ASCII_CLASS[code]! & WORD) !== 0) {
        index += 1;
        continue;
      }
      if (code === 46 && isDecimalPoint(text, index)) {
        index += 1;
        continue;
      }
      if (code === 44 && isThousandsComma(text, index)) {
        joined = (joined ?? '') + text.slice(pieceStart, index);
        index += 1;
        pieceStart = index;
        continue;
      }
      const next = code < 128 ? 0 : wordCharWidth(text, index);
      if (next === 0) break;
      index += next;
    }
    if (joined !== null) {
      const token = (joined + text.slice(pieceStart, index)).slice(0, MAX_TOKEN_LENGTH);
      sink(token, 0, token.length, position);
    } else {
      sink(text, start, Math.min(index, start + MAX_TOKEN_LENGTH), position);
    }
    index += possessiveLength(text, index);
    position += 1;
  }
  return position;
}

/** Convenience form of tokenizeRanges that hands out token strings. */
export function tokenize(text: string, sink: (token: string, position: number) => void): number {
  return tokenizeRanges(text, (source, start, end, position) =>
    sink(source.slice(start, end), position),
  );
}
