/** The end a join looks at: a letter and a hyphen, or a sentence's last mark. */
const END_CHARS = 2;

/**
 * Lines joined into one text, hyphenation at line ends undone. Only the end of the text so far
 * is ever read, so joining n lines costs O(n): re-reading a growing string for every line made
 * a long paragraph (a 1,000-page PDF of unpunctuated lines) quadratic.
 */
export class JoinedLines {
  private readonly parts: string[];

  constructor(first: string) {
    this.parts = [first];
  }

  /** The last characters of the text (at most END_CHARS code units). */
  get end(): string {
    let end = '';
    for (let index = this.parts.length - 1; index >= 0 && end.length < END_CHARS; index -= 1) {
      end = (this.parts[index] ?? '') + end;
    }
    return end.slice(-END_CHARS);
  }

  add(line: string): void {
    if (/\p{L}-$/u.test(this.end) && /^\p{Ll}/u.test(line)) {
      const last = this.parts.length - 1;
      this.parts[last] = (this.parts[last] ?? '').slice(0, -1);
      this.parts.push(line);
    } else this.parts.push(` ${line}`);
  }

  toString(): string {
    return this.parts.join('');
  }
}
