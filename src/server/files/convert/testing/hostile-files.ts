import { writePdf } from './pdf-writer';
import { lyingZipBomb, zipBomb } from './zip-writer';

/** Files that must each end with a clear message, never a crash or a half-stored file. */
export const hostileFiles = {
  empty: { fileName: 'empty.pdf', bytes: new Uint8Array(0) },
  renamedBinary: {
    fileName: 'photo.docx',
    bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]),
  },
  wrongExtension: {
    fileName: 'slides.pdf',
    bytes: new Uint8Array(Buffer.from('just some text\n')),
  },
  binaryAsText: {
    fileName: 'notes.txt',
    bytes: new Uint8Array([0, 1, 2, 3, 0, 0, 255, 254, 0, 7]),
  },
  // Built when used: 50 MB of zeros deflate to about 50 KB (a ratio of 1,000).
  get zipBomb() {
    return { fileName: 'bomb.docx', bytes: zipBomb(50) };
  },
  // Declares 1,000 bytes, inflates to 50 MB: only inflating it shows what it is.
  get lyingZipBomb() {
    return { fileName: 'liar.docx', bytes: lyingZipBomb(50) };
  },
  corruptPdf: {
    fileName: 'corrupt.pdf',
    bytes: new Uint8Array(
      Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\n%%garbage'),
    ),
  },
  encryptedPdf: {
    fileName: 'locked.pdf',
    bytes: writePdf([[{ x: 72, y: 700, size: 12, text: 'Secret' }]], { encrypted: true }),
  },
  scannedPdf: { fileName: 'scan.pdf', bytes: writePdf([[]]) },
};
