/** The text of one element of a JSON array, with the line it starts on. */
export interface JsonElement {
  text: string;
  line: number;
}

/**
 * Cuts the top level of a JSON array into its elements without parsing them, so that one
 * malformed item can be reported while its neighbours still import. A top-level object is
 * a single element. Answers null when the text is neither.
 */
export function splitJsonArray(text: string): JsonElement[] | null {
  const source = text.replace(/^\uFEFF/, '');
  const start = source.search(/\S/);
  if (start === -1) return [];
  const lines = new LineCounter(source);
  if (source[start] === '{') return [{ text: source.slice(start), line: lines.lineAt(start) }];
  if (source[start] !== '[') return null;

  const elements: JsonElement[] = [];
  let depth = 0;
  let inString = false;
  let elementStart = -1;
  const close = (end: number) => {
    const body = source.slice(elementStart, end);
    if (elementStart !== -1 && body.trim() !== '') {
      const offset = elementStart + body.search(/\S/);
      elements.push({ text: body.trim(), line: lines.lineAt(offset) });
    }
    elementStart = end + 1;
  };

  for (let index = start + 1; index < source.length; index += 1) {
    const char = source[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
      continue;
    }
    if (elementStart === -1) elementStart = index;
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      if (depth === 0) {
        close(index);
        return elements;
      }
      depth -= 1;
    } else if (char === ',' && depth === 0) close(index);
  }
  // The array never closed: whatever is left is one (broken) element.
  close(source.length);
  return elements;
}

/**
 * Line numbers of ascending offsets, counted on from the previous answer: one pass over the
 * text for the whole file, where counting from the start for every element made a large file's
 * import quadratic in its length.
 */
class LineCounter {
  #offset = 0;
  #line = 1;

  constructor(private readonly text: string) {}

  lineAt(offset: number): number {
    for (let index = this.#offset; index < offset; index += 1) {
      if (this.text.charCodeAt(index) === 10) this.#line += 1;
    }
    this.#offset = Math.max(this.#offset, offset);
    return this.#line;
  }
}
