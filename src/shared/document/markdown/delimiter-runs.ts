/**
 * Emphasis delimiters only pair up as intended when CommonMark's flanking rules let each
 * run open or close. This finds every run the serializer wrote and says whether it is
 * unambiguous: only openers that can open and not close, or only closers that can close
 * and not open. When every run is unambiguous, markdown-it pairs them exactly as nested;
 * otherwise the output is checked by reading it back.
 */
import { charClass } from './escape-text';

export interface WrittenDelimiter {
  /** Position in the output. */
  start: number;
  end: number;
  char: string;
  role: 'open' | 'close';
  span: number;
  /** The delimiter is the last thing inside a link or comment label. */
  endsLabel: boolean;
}

function lastChar(text: string, end: number): string | undefined {
  if (end <= 0) return undefined;
  const code = text.charCodeAt(end - 1);
  const start = code >= 0xdc00 && code <= 0xdfff && end >= 2 ? end - 2 : end - 1;
  return String.fromCodePoint(text.codePointAt(start) as number);
}

function firstChar(text: string, start: number): string | undefined {
  if (start >= text.length) return undefined;
  return String.fromCodePoint(text.codePointAt(start) as number);
}

/** The spans of all delimiters that sit in ambiguous runs. */
export function ambiguousSpans(
  output: string,
  delimiters: readonly WrittenDelimiter[],
): Set<number> {
  const ambiguous = new Set<number>();
  let index = 0;
  while (index < delimiters.length) {
    const first = delimiters[index] as WrittenDelimiter;
    let last = first;
    let end = index + 1;
    while (end < delimiters.length) {
      const next = delimiters[end] as WrittenDelimiter;
      if (next.start !== last.end || next.char !== first.char) break;
      last = next;
      end++;
    }
    const run = delimiters.slice(index, end);
    const before = charClass(lastChar(output, first.start));
    // A label's content is read on its own: the end of the label counts as whitespace.
    const after = last.endsLabel ? 'space' : charClass(firstChar(output, last.end));
    const leftFlanking = after !== 'space' && (after !== 'punct' || before !== 'word');
    const rightFlanking = before !== 'space' && (before !== 'punct' || after !== 'word');
    const opens = run.every((delimiter) => delimiter.role === 'open');
    const closes = run.every((delimiter) => delimiter.role === 'close');
    const clean =
      (opens && leftFlanking && !rightFlanking) || (closes && rightFlanking && !leftFlanking);
    if (!clean) run.forEach((delimiter) => ambiguous.add(delimiter.span));
    index = end;
  }
  return ambiguous;
}
