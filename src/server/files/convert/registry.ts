import {
  ACCEPTED_EXTENSIONS,
  type AcceptedExtension,
  extensionOf,
} from '../../../shared/files/upload-formats';
import { ConversionError } from './conversion-error';
import type { Converter } from './progress';
import { type Container, sniffContainer } from './sniff';
import { inspectZip } from './zip-guard';

export interface FileFormat {
  extension: AcceptedExtension;
  /** How the file must start (checked before any converter sees it). */
  container: Container;
  /** For zip-based formats: the part that identifies the format. */
  zipPart?: string;
  /** Converters load heavy libraries, so they are imported only in the conversion process. */
  load: () => Promise<Converter>;
}

const pandoc = (format: 'docx' | 'pptx' | 'latex') => async () =>
  (await import('./formats/pandoc')).pandocConverter(format);

const viaLibreOffice = (from: 'doc' | 'ppt', to: 'docx' | 'pptx') => async () => {
  const [{ libreOfficeConverter }, { pandocConverter }] = await Promise.all([
    import('./formats/libreoffice'),
    import('./formats/pandoc'),
  ]);
  return libreOfficeConverter(from, to, pandocConverter(to));
};

export const FILE_FORMATS: Record<AcceptedExtension, FileFormat> = {
  '.pdf': {
    extension: '.pdf',
    container: 'pdf',
    load: async () => (await import('./formats/pdf/convert-pdf')).convertPdf,
  },
  '.docx': { extension: '.docx', container: 'zip', zipPart: 'word/', load: pandoc('docx') },
  '.pptx': { extension: '.pptx', container: 'zip', zipPart: 'ppt/', load: pandoc('pptx') },
  '.tex': { extension: '.tex', container: 'text', load: pandoc('latex') },
  '.doc': { extension: '.doc', container: 'ole', load: viaLibreOffice('doc', 'docx') },
  '.ppt': { extension: '.ppt', container: 'ole', load: viaLibreOffice('ppt', 'pptx') },
  '.xlsx': {
    extension: '.xlsx',
    container: 'zip',
    zipPart: 'xl/',
    load: async () => (await import('./formats/xlsx')).convertXlsx,
  },
  '.csv': {
    extension: '.csv',
    container: 'text',
    load: async () => (await import('./formats/csv')).convertCsv,
  },
  '.sav': {
    extension: '.sav',
    container: 'sav',
    load: async () => (await import('./formats/sav')).convertSav,
  },
  '.txt': {
    extension: '.txt',
    container: 'text',
    load: async () => (await import('./formats/txt')).convertTxt,
  },
};

const CONTAINER_NAMES: Record<Container, string> = {
  pdf: 'a PDF',
  zip: 'a zip-based (Office) file',
  ole: 'an old-style Office file',
  sav: 'an SPSS data file',
  text: 'a text file',
  binary: 'a binary file of another kind',
};

export function formatForName(fileName: string): FileFormat {
  const extension = extensionOf(fileName);
  const format = FILE_FORMATS[extension as AcceptedExtension];
  if (!format) {
    throw new ConversionError(
      `Files of this type cannot be uploaded. Accepted types: ${ACCEPTED_EXTENSIONS.join(' ')}.`,
    );
  }
  return format;
}

/**
 * The format a file is converted as: its extension decides, and its content must agree (a
 * renamed binary or a wrong extension gets a clear message instead of a converter's crash).
 * Zip-based files pass the zip-bomb checks here, before anything inflates them.
 */
export async function checkFile(fileName: string, bytes: Uint8Array): Promise<FileFormat> {
  const format = formatForName(fileName);
  if (bytes.byteLength === 0) throw new ConversionError('This file is empty.');
  const container = sniffContainer(bytes);
  const mismatch = () =>
    new ConversionError(
      `This file does not match its ${format.extension} extension (it looks like ${CONTAINER_NAMES[container]}). Check the file and upload it again.`,
    );
  if (container !== format.container) throw mismatch();
  if (format.container === 'zip') {
    const names = await inspectZip(bytes);
    if (format.zipPart && !names.some((name) => name.startsWith(format.zipPart ?? ''))) {
      throw new ConversionError(
        `This file does not match its ${format.extension} extension. Check the file and upload it again.`,
      );
    }
  }
  return format;
}
