import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';

export interface ReadProgress {
  /** Bytes consumed from the input as stored (compressed bytes for a .gz). */
  bytesRead: number;
  /** File size, or the caller's hint for a stream; null when unknown. */
  totalBytes: number | null;
  /**
   * Bytes after decompression, and complete lines so far: a small archive can hold gigabytes,
   * so these keep moving after all stored bytes are read.
   */
  decodedBytes: number;
  lines: number;
}

/**
 * The input ended in the middle of a compressed stream (a truncated download, a full disk). The
 * lines up to `lastLine` were read and yielded; nothing after them can be.
 */
export class TruncatedInputError extends Error {
  constructor(
    readonly lastLine: number,
    cause: unknown,
  ) {
    super(
      `the compressed file ends early after line ${lastLine} ` +
        `(${cause instanceof Error ? cause.message : String(cause)})`,
    );
    this.name = 'TruncatedInputError';
  }
}

export interface LineReaderOptions {
  onProgress?: (progress: ReadProgress) => void;
  /** Size hint for progress when reading a stream. */
  totalBytes?: number;
  /** Longer lines are discarded (yielded with text null) instead of buffered without bound. */
  maxLineBytes?: number;
}

export interface TextLine {
  lineNumber: number;
  /** The line without its terminator; null when it exceeded maxLineBytes. */
  text: string | null;
}

export type LineInput = string | Readable;

const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;
const NEWLINE = 0x0a;

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
  throw new TypeError('Input stream must yield bytes or strings');
}

/** The raw chunks of the input, counted as they arrive for progress reporting. */
async function* countedChunks(source: Readable, onBytes: (count: number) => void) {
  for await (const chunk of source) {
    const buffer = toBuffer(chunk);
    onBytes(buffer.length);
    yield buffer;
  }
}

/**
 * Yields decompressed bytes: gzip is recognised by its magic number (1f 8b), not the file
 * name, so a renamed or piped .gz still reads.
 */
async function* decompressed(chunks: AsyncGenerator<Buffer>): AsyncGenerator<Buffer> {
  const head: Buffer[] = [];
  let headLength = 0;
  while (headLength < 2) {
    const next = await chunks.next();
    if (next.done) break;
    head.push(next.value);
    headLength += next.value.length;
  }
  const first = Buffer.concat(head);
  async function* all(): AsyncGenerator<Buffer> {
    if (first.length > 0) yield first;
    yield* chunks;
  }
  if (first[0] !== 0x1f || first[1] !== 0x8b) {
    yield* all();
    return;
  }
  const gunzip = createGunzip();
  let failure: unknown = null;
  const pumping = pipeline(Readable.from(all()), gunzip).catch((error: unknown) => {
    failure = error;
  });
  try {
    for await (const chunk of gunzip) yield toBuffer(chunk);
  } finally {
    gunzip.destroy();
    await pumping;
  }
  if (failure !== null) throw failure;
}

// zlib's words for a stream that stops before its end marker.
function isTruncation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === 'Z_BUF_ERROR' ||
    (error instanceof Error && /unexpected end of file/i.test(error.message))
  );
}

function decodeLine(parts: Buffer[], lineNumber: number): string {
  const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  let text = bytes.toString('utf8');
  if (lineNumber === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text.endsWith('\r') ? text.slice(0, -1) : text;
}

/**
 * Streams the lines of a text file or stream, transparently gunzipping. Lines are split on
 * bytes (LF), so multi-byte UTF-8 characters are never cut; CRLF and a leading BOM are handled.
 */
export async function* readLines(
  input: LineInput,
  options: LineReaderOptions = {},
): AsyncGenerator<TextLine> {
  const maxLineBytes = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const ownsStream = typeof input === 'string';
  const totalBytes = ownsStream ? (await stat(input)).size : (options.totalBytes ?? null);
  const source = ownsStream ? createReadStream(input) : input;
  let bytesRead = 0;
  let decodedBytes = 0;
  let lineNumber = 0;
  const report = (): void =>
    options.onProgress?.({ bytesRead, totalBytes, decodedBytes, lines: lineNumber });
  const onBytes = (count: number): void => {
    bytesRead += count;
    report();
  };

  let parts: Buffer[] = [];
  let partsLength = 0;
  let oversized = false;
  const chunks = decompressed(countedChunks(source, onBytes));
  try {
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = await chunks.next();
      } catch (error) {
        throw isTruncation(error) ? new TruncatedInputError(lineNumber, error) : error;
      }
      if (next.done) break;
      const chunk = next.value;
      decodedBytes += chunk.length;
      let start = 0;
      for (let newline = chunk.indexOf(NEWLINE); newline !== -1;) {
        lineNumber += 1;
        if (oversized || partsLength + newline - start > maxLineBytes) {
          yield { lineNumber, text: null };
        } else {
          parts.push(chunk.subarray(start, newline));
          yield { lineNumber, text: decodeLine(parts, lineNumber) };
        }
        parts = [];
        partsLength = 0;
        oversized = false;
        start = newline + 1;
        newline = chunk.indexOf(NEWLINE, start);
      }
      if (start < chunk.length && !oversized) {
        parts.push(chunk.subarray(start));
        partsLength += chunk.length - start;
        if (partsLength > maxLineBytes) {
          oversized = true;
          parts = [];
          partsLength = 0;
        }
      }
      report();
    }
    if (partsLength > 0 || oversized) {
      lineNumber += 1;
      yield { lineNumber, text: oversized ? null : decodeLine(parts, lineNumber) };
    }
  } finally {
    // A consumer that stops early leaves the decompressor mid-stream; close it.
    await chunks.return(undefined);
    if (ownsStream) source.destroy();
  }
}

/** Lines with content in a file (gzip or not), counted on bytes without decoding text. */
export async function countContentLines(path: string): Promise<number> {
  const source = createReadStream(path);
  let count = 0;
  let previous = NEWLINE;
  try {
    for await (const chunk of decompressed(countedChunks(source, () => undefined))) {
      for (
        let index = chunk.indexOf(NEWLINE);
        index !== -1;
        index = chunk.indexOf(NEWLINE, index + 1)
      ) {
        const before = index === 0 ? previous : chunk[index - 1];
        if (before !== NEWLINE) count += 1;
      }
      if (chunk.length > 0) previous = chunk[chunk.length - 1] as number;
    }
  } finally {
    source.destroy();
  }
  return previous === NEWLINE ? count : count + 1;
}
