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

/**
 * Reads only a zip's central directory (never inflating anything) and refuses archives with too
 * many entries, too much declared content or an extreme compression ratio, before any
 * converter opens them. Returns the entry names, which tell .docx, .pptx and .xlsx apart.
 */
export async function inspectZip(bytes: Uint8Array): Promise<string[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(Buffer.from(bytes), { lazyEntries: true }, (error, file) =>
        error ? reject(error) : resolve(file),
      ),
    );
  } catch {
    throw new ConversionError('This file is damaged: its zip structure cannot be read.');
  }
  if (zip.entryCount > ZIP_LIMITS.maxEntries) {
    zip.close();
    throw new ConversionError(
      `This file holds too many parts (more than ${ZIP_LIMITS.maxEntries}), so it was not opened.`,
    );
  }
  return new Promise<string[]>((resolve, reject) => {
    const names: string[] = [];
    let total = 0;
    const fail = (error: Error) => {
      zip.close();
      reject(error);
    };
    zip.on('entry', (entry: yauzl.Entry) => {
      total += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (
        total > ZIP_LIMITS.maxUncompressedBytes ||
        (entry.uncompressedSize > 1024 * 1024 && ratio > ZIP_LIMITS.maxRatio)
      ) {
        fail(new ConversionError(BOMB));
        return;
      }
      names.push(entry.fileName);
      zip.readEntry();
    });
    zip.on('end', () => {
      if (total / Math.max(bytes.byteLength, 1) > ZIP_LIMITS.maxRatio && total > 1024 * 1024) {
        reject(new ConversionError(BOMB));
      } else resolve(names);
    });
    zip.on('error', () =>
      fail(new ConversionError('This file is damaged: its zip structure cannot be read.')),
    );
    zip.readEntry();
  });
}
