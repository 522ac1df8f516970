import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { ConversionError } from './conversion-error';

export const ZIP_LIMITS = {
  maxEntries: 10_000,
  maxUncompressedBytes: 300 * 1024 * 1024,
  /** Office files compress XML about 5–20 times; bombs compress thousands of times. */
  maxRatio: 100,
};

const BOMB =
  'This file expands to far more data than a document holds (a "zip bomb"), so it was not opened.';
const DAMAGED = 'This file is damaged: its zip structure cannot be read.';

function openZip(bytes: Uint8Array): Promise<yauzl.ZipFile> {
  return new Promise<yauzl.ZipFile>((resolve, reject) =>
    // Sizes are checked by inflatedSize below, against the limits and not only the declaration.
    yauzl.fromBuffer(
      Buffer.from(bytes),
      { lazyEntries: true, validateEntrySizes: false },
      (error, file) => (error ? reject(error) : resolve(file)),
    ),
  ).catch(() => {
    throw new ConversionError(DAMAGED);
  });
}

/** Whether an entry's declared sizes, and the running total, pass the limits. */
function declaredSizesPass(entry: yauzl.Entry, total: number): boolean {
  const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
  return (
    total <= ZIP_LIMITS.maxUncompressedBytes &&
    !(entry.uncompressedSize > 1024 * 1024 && ratio > ZIP_LIMITS.maxRatio)
  );
}

/**
 * Inflates one entry, streaming and discarding, and stops as soon as it yields more than it
 * declares: a zip's sizes are the author's claim, and a bomb lies in them.
 */
function inflateWithin(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    zip.openReadStream(entry, (error, stream?: Readable) => {
      if (error || !stream) {
        reject(new ConversionError(DAMAGED));
        return;
      }
      let inflated = 0;
      stream.on('data', (chunk: Buffer) => {
        inflated += chunk.byteLength;
        if (inflated > entry.uncompressedSize) {
          stream.destroy();
          reject(new ConversionError(BOMB));
        }
      });
      stream.on('error', () => reject(new ConversionError(DAMAGED)));
      stream.on('end', () => resolve());
    });
  });
}

/**
 * Refuses zip bombs before any converter opens the file: too many entries, too much content
 * or an extreme compression ratio, judged first from the central directory and then by
 * inflating every entry (streaming, nothing kept) and holding it to its declared size, so the
 * limits hold for the bytes a converter would really get. Returns the entry names, which tell
 * .docx, .pptx and .xlsx apart.
 */
export async function inspectZip(bytes: Uint8Array): Promise<string[]> {
  const zip = await openZip(bytes);
  if (zip.entryCount > ZIP_LIMITS.maxEntries) {
    zip.close();
    throw new ConversionError(
      `This file holds too many parts (more than ${ZIP_LIMITS.maxEntries}), so it was not opened.`,
    );
  }
  const names: string[] = [];
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        total += entry.uncompressedSize;
        if (!declaredSizesPass(entry, total)) {
          reject(new ConversionError(BOMB));
          return;
        }
        names.push(entry.fileName);
        const next = () => zip.readEntry();
        if (entry.fileName.endsWith('/')) next();
        else inflateWithin(zip, entry).then(next, reject);
      });
      zip.on('end', () => resolve());
      zip.on('error', () => reject(new ConversionError(DAMAGED)));
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  if (total / Math.max(bytes.byteLength, 1) > ZIP_LIMITS.maxRatio && total > 1024 * 1024) {
    throw new ConversionError(BOMB);
  }
  return names;
}
