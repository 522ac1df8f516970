const BLANK = /^[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/**
 * A line that starts a top-level block on its own: not indented, not a list item, quote or
 * table row (those could continue or join what came before the blank line).
 */
const INDEPENDENT_START = /^(?![-*+>|\s]|\d{1,9}[.)])./;

/**
 * Markdown text cut into pieces of about `size` characters, each ending at a blank line before
 * a block that depends on nothing above it, outside fenced code. Read one at a time, the pieces
 * give the same blocks as the whole text, while the parser holds one piece's tree at a time
 * instead of a tree of many megabytes.
 */
export function* markdownPieces(text: string, size: number): Generator<string> {
  let start = 0;
  let fence: string | undefined;
  let previousBlank = false;
  let lineStart = 0;
  while (lineStart < text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    if (fence === undefined) {
      if (
        previousBlank &&
        lineStart - start >= size &&
        INDEPENDENT_START.test(line) &&
        !FENCE.test(line)
      ) {
        yield text.slice(start, lineStart);
        start = lineStart;
      }
      fence = FENCE.exec(line)?.[1];
    } else if (new RegExp(`^ {0,3}${fence[0]}{${fence.length},}[ \\t]*$`).test(line)) {
      fence = undefined;
    }
    previousBlank = BLANK.test(line);
    lineStart = lineEnd + 1;
  }
  if (start < text.length) yield text.slice(start);
}
