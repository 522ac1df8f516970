/**
 * Puts `first` before the first line and `rest` before every other line of a block's
 * markdown (list item indentation, blockquote markers). Empty lines get the prefix without
 * its trailing spaces, so the output has no trailing whitespace.
 */
export function prefixLines(markdown: string, first: string, rest: string): string {
  return markdown
    .split('\n')
    .map((line, index) => {
      const prefix = index === 0 ? first : rest;
      return line === '' ? prefix.trimEnd() : prefix + line;
    })
    .join('\n');
}
