/**
 * Step 3 of writing inline content: joins the pieces into markdown, escaping text where it
 * would otherwise read as markup (escape-text.ts) and noting where emphasis delimiters went.
 */
import type { WrittenDelimiter } from './delimiter-runs';
import { lineStartEscapeIndex, needsEscape } from './escape-text';
import type { Piece } from './inline-pieces';
import type { InlineOptions } from './types';

export interface Written {
  markdown: string;
  delimiters: WrittenDelimiter[];
}

/** Character codes `needsEscape` may escape; everything else is copied as is. */
const SPECIAL = new Uint8Array(128);
for (const char of '\\*_~$`[]!') SPECIAL[char.charCodeAt(0)] = 1;

function codePointAt(text: string, index: number): string | undefined {
  const code = text.codePointAt(index);
  return code === undefined ? undefined : String.fromCodePoint(code);
}

/** The last character of `text` (a whole code point), or undefined. */
function lastCodePoint(text: string): string | undefined {
  if (text === '') return undefined;
  const low = text.charCodeAt(text.length - 1);
  const start =
    low >= 0xdc00 && low <= 0xdfff && text.length > 1 ? text.length - 2 : text.length - 1;
  return codePointAt(text, start);
}

export function writePieces(pieces: readonly Piece[], options: InlineOptions): Written {
  const raw = pieces.map((piece) => piece.text).join('');
  const lastLabelCloser = Math.max(raw.lastIndexOf(']('), raw.lastIndexOf('][['));
  const delimiters: WrittenDelimiter[] = [];
  const parts: string[] = [];
  let length = 0;
  // The last character written; reading it back from a growing string would be quadratic.
  let previous: string | undefined;
  let offset = 0;
  let lineStart = options.firstLineStartsBlock;

  const emit = (text: string): void => {
    if (text === '') return;
    parts.push(text);
    length += text.length;
    previous = lastCodePoint(text);
  };

  pieces.forEach((piece, index) => {
    const startsLine = lineStart;
    lineStart = false;
    if (piece.kind === 'text') {
      let forced = -1;
      if (startsLine) {
        const lineEnd = raw.indexOf('\n', offset);
        forced = lineStartEscapeIndex(raw.slice(offset, lineEnd < 0 ? raw.length : lineEnd));
      }
      const before = pieces[index - 1];
      const afterImage =
        before?.kind === 'raw' && before.item?.spec?.absorbsFollowingBrace === true;
      let underscoreGuard = piece.guardCitation;
      const { text } = piece;
      let copied = 0;
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        const braceAfterImage = i === 0 && afterImage && code === 0x7b; /* { */
        if (i !== forced && !braceAfterImage && !(code < 128 && SPECIAL[code] === 1)) continue;
        const char = text[i] as string;
        emit(text.slice(copied, i));
        const position = offset + i;
        const escape =
          i === forced ||
          braceAfterImage ||
          (underscoreGuard && char === '_') ||
          needsEscape(char, {
            previous,
            next: codePointAt(raw, position + 1),
            rest: char === '[' ? raw.slice(position + 1, position + 5) : '',
            inLabel: piece.inLabel,
            labelCloserFollows: position < lastLabelCloser,
          });
        if (underscoreGuard && char === '_') underscoreGuard = false;
        emit(escape ? `\\${char}` : char);
        copied = i + 1;
      }
      emit(text.slice(copied));
    } else if (piece.kind === 'delimiter') {
      const next = pieces[index + 1];
      delimiters.push({
        start: length,
        end: length + piece.text.length,
        char: piece.text[0] as string,
        role: piece.role,
        span: piece.span,
        endsLabel: next?.kind === 'labelTail',
      });
      emit(piece.text);
    } else {
      // Four spaces keep a line that starts with `$$` from being read as a block equation.
      const opensBlock = piece.kind === 'raw' && piece.item?.spec?.opensBlockAtLineStart === true;
      if (startsLine && opensBlock && !options.singleLine && length > 0) emit('    ');
      emit(piece.text);
      if (piece.kind === 'raw' && piece.item?.spec?.lineBreak) lineStart = true;
    }
    offset += piece.text.length;
  });
  return { markdown: parts.join(''), delimiters };
}
