import type { ReadProgress } from '../literature/formats/jsonl-lines';

const REDRAW_MS = 250;
const LOG_EVERY_MS = 5_000;

const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(1);

/** One line of import progress: stored bytes, unpacked bytes for an archive, lines. */
export function describeReadProgress(name: string, progress: ReadProgress): string {
  const stored =
    progress.totalBytes === null
      ? `${megabytes(progress.bytesRead)} MB read`
      : `${megabytes(progress.bytesRead)} of ${megabytes(progress.totalBytes)} MB read`;
  const unpacked =
    progress.decodedBytes === progress.bytesRead
      ? ''
      : ` (${megabytes(progress.decodedBytes)} MB unpacked)`;
  return `${name}: ${stored}${unpacked}, ${progress.lines.toLocaleString('en-US')} lines`;
}

/**
 * Shows progress while a file is read, whether or not the output is a terminal: redrawn in
 * place on a terminal, a new line every few seconds in a log. Counting unpacked bytes and lines
 * keeps it moving when a small archive unpacks to gigabytes.
 */
export class ProgressLine {
  #last = 0;
  #text = '';

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {}

  update(text: string): void {
    this.#text = text;
    const now = Date.now();
    const interval = this.stream.isTTY ? REDRAW_MS : LOG_EVERY_MS;
    if (now - this.#last < interval) return;
    this.#last = now;
    this.#write();
  }

  /** Writes the final state and ends the line. */
  done(): void {
    this.#write();
    if (this.stream.isTTY) this.stream.write('\n');
    this.#last = 0;
  }

  #write(): void {
    if (this.stream.isTTY) this.stream.write(`\r${this.#text}\x1b[K`);
    else this.stream.write(`${this.#text}\n`);
  }
}
