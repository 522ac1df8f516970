/**
 * Comments live in double brackets (spec 000 §3). A comment mark needs a range of text and
 * a note, so there are two spellings:
 *
 * - `[commented text][[the comment]]`: the bracketed text carries the mark and may hold any
 *   inline markdown (bold, citations, equations, links); the note is plain text.
 * - `[[the comment]]`: shorthand for a comment whose marked text is the note itself. This is
 *   what a bare `[[note]]` written by a person or the AI becomes.
 *
 * A note is plain text: brackets in it are escaped (`\[`, `\]`, and `\\` before
 * punctuation), so `[[` always starts a note and the first unescaped `]]` ends it, and a
 * commented text that begins with a citation (`[[ref_a] says so][[check]]`) is never
 * mistaken for a note. A note never spans lines: line breaks read as spaces.
 * `[[ref_abc12345]]` is not a comment but a citation in a stray bracket, the likelier intent.
 * Comments do not nest.
 */
import type { MarkdownIt, StateInline } from 'markdown-it';
import { isAsciiPunctuation } from '../markdown/chars';
import { scanCitation } from './citation';

export interface CommentNoteMatch {
  /** Position just after the closing `]]`. */
  end: number;
  comment: string;
}

/**
 * Where a code span or an equation that starts at `pos` ends, as markdown-it would read it
 * (a backtick run up to the next run of the same length, `$$` up to the next `$$`), or -1.
 * A note cannot end inside one: `[[`a]]b`](url)][[note]]` is a comment on a link.
 */
function skipSpan(src: string, pos: number, max: number): number {
  if (src.charCodeAt(pos) === 0x24 /* $ */) {
    if (src.charCodeAt(pos + 1) !== 0x24) return -1;
    const close = src.indexOf('$$', pos + 2);
    return close >= 0 && close + 2 <= max ? close + 2 : -1;
  }
  let runEnd = pos;
  while (runEnd < max && src.charCodeAt(runEnd) === 0x60) runEnd++;
  const length = runEnd - pos;
  let search = runEnd;
  while (search < max) {
    const start = src.indexOf('`', search);
    if (start < 0 || start >= max) return -1;
    let end = start;
    while (end < max && src.charCodeAt(end) === 0x60) end++;
    if (end - start === length) return end;
    search = end;
  }
  return -1;
}

/** Reads `[[note]]` starting at `pos`; null when it is not a complete, well-formed note. */
export function scanCommentNote(
  src: string,
  pos: number,
  max = src.length,
): CommentNoteMatch | null {
  if (src.charCodeAt(pos) !== 0x5b || src.charCodeAt(pos + 1) !== 0x5b) return null;
  let cursor = pos + 2;
  let comment = '';
  while (cursor < max) {
    const code = src.charCodeAt(cursor);
    if (
      code === 0x5c /* \ */ &&
      cursor + 1 < max &&
      isAsciiPunctuation(src.charCodeAt(cursor + 1))
    ) {
      comment += src[cursor + 1];
      cursor += 2;
      continue;
    }
    if (code === 0x5d /* ] */) {
      return src.charCodeAt(cursor + 1) === 0x5d && cursor + 1 < max
        ? { end: cursor + 2, comment }
        : null;
    }
    if (code === 0x5b /* [ */) return null;
    const spanEnd = code === 0x60 || code === 0x24 ? skipSpan(src, cursor, max) : -1;
    const end = spanEnd > cursor ? spanEnd : cursor + 1;
    comment += src.slice(cursor, end).replace(/\n/g, ' ');
    cursor = end;
  }
  return null;
}

/**
 * Writes a note so that `scanCommentNote` reads it back unchanged (without brackets):
 * brackets, backticks and dollars are escaped, and backslashes before punctuation.
 */
export function encodeCommentNote(comment: string): string {
  let out = '';
  const text = comment.replace(/[\r\n]/g, ' ');
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    const next = text.charCodeAt(i + 1);
    const atEnd = i + 1 >= text.length;
    if (char === '\\' && (atEnd || isAsciiPunctuation(next))) out += '\\\\';
    else if ('[]`$'.includes(char)) out += `\\${char}`;
    else out += char;
  }
  return out;
}

/** True when `[[text]]` would read as a citation rather than a comment. */
export function looksLikeCitation(text: string): boolean {
  const bracketed = `[${text}]`;
  return scanCitation(bracketed, 0)?.end === bracketed.length;
}

// Comment labels are tokenized with the same state; this depth keeps comments from nesting.
const commentDepth = new WeakMap<StateInline, number>();

// Where the last `][[` of the inline source is: scanning a label is pointless after it, and
// scanning every `[` of a long bracket run to its end would be quadratic.
const lastNoteOpener = new WeakMap<StateInline, number>();

function noteOpenerFollows(state: StateInline, pos: number): boolean {
  let last = lastNoteOpener.get(state);
  if (last === undefined) {
    last = state.src.lastIndexOf('][[');
    lastNoteOpener.set(state, last);
  }
  return last > pos;
}

function pushShortComment(state: StateInline, comment: string): void {
  const open = state.push('comment_open', 'span', 1);
  open.meta = { comment };
  const text = state.push('text', '', 0);
  text.content = comment;
  state.push('comment_close', 'span', -1);
}

function comment(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  const max = state.posMax;
  if (state.src.charCodeAt(start) !== 0x5b /* [ */) return false;
  if ((commentDepth.get(state) ?? 0) > 0) return false;

  const short = scanCommentNote(state.src, start, max);
  if (short && short.comment !== '' && !looksLikeCitation(short.comment)) {
    if (!silent) pushShortComment(state, short.comment);
    state.pos = short.end;
    return true;
  }

  if (!noteOpenerFollows(state, start)) return false;
  const labelEnd = state.md.helpers.parseLinkLabel(state, start, false);
  if (labelEnd <= start + 1) return false;
  const note = scanCommentNote(state.src, labelEnd + 1, max);
  if (!note) return false;

  if (!silent) {
    const open = state.push('comment_open', 'span', 1);
    open.meta = { comment: note.comment };
    state.pos = start + 1;
    state.posMax = labelEnd;
    commentDepth.set(state, 1);
    state.md.inline.tokenize(state);
    commentDepth.set(state, 0);
    state.push('comment_close', 'span', -1);
  }
  state.pos = note.end;
  state.posMax = max;
  return true;
}

/** Emits `comment_open` (meta.comment) / `comment_close` around the commented inline tokens. */
export function commentPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('link', 'comment', comment);
}
