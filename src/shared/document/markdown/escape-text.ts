/**
 * Which characters of plain text need a backslash. The rules are as narrow as markdown
 * allows, so ordinary prose (`snake_case`, `2 * 3`, `[0, 1]`, `$5`, `a | b`) is written as
 * typed and markdown written by people or the AI is usually already canonical:
 *
 * - `\` before punctuation (otherwise it is literal);
 * - `*` unless spaced on both sides; `_` unless inside a word or spaced on both sides;
 * - `~` and `$` next to another of their kind (`~~` is strikethrough, `$$` an equation);
 * - every backtick (code spans);
 * - `[` when something after it could close a link or comment (`](`, `][[`), before `[`
 *   (comments), before `ref_` (citations), and every bracket inside link/comment text;
 * - `!` before `[` (images), `{` right after an image (its size block);
 * - at the start of a line, whatever would begin a block: `#`, `>`, `-`/`+`/`*` + space,
 *   `1.`, `---`, `===`, table delimiter rows, `[xref_…]`.
 */
import { markdownIt } from './markdown-it';

const { isWhiteSpace, isPunctChar, isMdAsciiPunct } = markdownIt.utils;

export type CharClass = 'space' | 'punct' | 'word';

/** How CommonMark's emphasis rules see a character; `undefined` (an edge) is whitespace. */
export function charClass(char: string | undefined): CharClass {
  if (char === undefined) return 'space';
  const code = char.codePointAt(0) as number;
  if (isWhiteSpace(code)) return 'space';
  if (isMdAsciiPunct(code) || isPunctChar(char)) return 'punct';
  return 'word';
}

/** The index of the character to escape so that `line` does not start a block, or -1. */
export function lineStartEscapeIndex(line: string): number {
  if (/^(?:#{1,6}(?:[ \t]|$)|>|[-+*](?:[ \t]|$))/.test(line)) return 0;
  const ordered = /^(\d{1,9})[.)](?:[ \t]|$)/.exec(line);
  if (ordered) return (ordered[1] as string).length;
  if (/^(?:=+|-+)[ \t]*$/.test(line)) return 0;
  if (/^([-*_])(?:[ \t]*\1){2,}[ \t]*$/.test(line)) return 0;
  if (/^[|:-][|:\- \t]*$/.test(line) && line.includes('-')) return 0;
  if (/^\[xref_[A-Za-z0-9]+\](?:[ \t]|$)/.test(line)) return 0;
  if (/^(?:`{3,}|~{3,}|\$\$)/.test(line)) return 0;
  return -1;
}

export interface CharContext {
  /** The character written before this one (after escaping); undefined at the start. */
  previous: string | undefined;
  /** The unescaped character after this one; undefined at the end. */
  next: string | undefined;
  /** The unescaped text after this character, up to the end of the inline content. */
  rest: string;
  inLabel: boolean;
  /** A `](` or `][[` follows somewhere later in the inline content. */
  labelCloserFollows: boolean;
}

export function needsEscape(char: string, context: CharContext): boolean {
  const { previous, next } = context;
  switch (char) {
    case '\\':
      return next !== undefined && isMdAsciiPunct(next.charCodeAt(0));
    case '*':
      return !(charClass(previous) === 'space' && charClass(next) === 'space');
    case '_': {
      const before = charClass(previous);
      const after = charClass(next);
      return !(before === after && before !== 'punct');
    }
    case '~':
      return previous === '~' || next === '~';
    case '$':
      return previous === '$' || next === '$';
    case '`':
      return true;
    case '[':
      return (
        context.inLabel ||
        next === '[' ||
        context.labelCloserFollows ||
        context.rest.startsWith('ref_')
      );
    case ']':
      return context.inLabel;
    case '!':
      return next === '[';
    default:
      return false;
  }
}
