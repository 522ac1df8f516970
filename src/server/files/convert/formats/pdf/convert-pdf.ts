import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { ConversionError } from '../../conversion-error';
import { blocksToMarkdown } from '../../document-builder';
import type { Converter } from '../../progress';
import { readingOrder } from './columns';
import { layoutBlocks } from './layout-blocks';
import type { PageText, TextPiece } from './layout-types';
import { dropRunningLines } from './running-lines';
import { pageLines } from './text-lines';

function openError(error: unknown): ConversionError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') {
    return new ConversionError(
      'This PDF is password-protected. Remove the password and upload it again.',
    );
  }
  return new ConversionError('This PDF could not be read; the file may be damaged.');
}

/**
 * PDF text through pdf.js (text layer only, no rendering): lines rebuilt from positioned text,
 * running heads dropped, columns read in order, then headings, paragraphs, lists and tables.
 */
export const convertPdf: Converter = async ({ bytes, report }) => {
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  let pdf: Awaited<typeof task.promise>;
  try {
    pdf = await task.promise;
  } catch (error) {
    await task.destroy();
    throw openError(error);
  }
  try {
    const pages: PageText[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      report(`Reading page ${number} of ${pdf.numPages}`);
      const page = await pdf.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const pieces: TextPiece[] = content.items
        .filter((item): item is TextItem => 'str' in item)
        .map((item) => {
          const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform as number[];
          return {
            x,
            y,
            width: item.width,
            size: Math.hypot(c, d) || Math.hypot(a, b),
            text: item.str,
          };
        });
      pages.push({
        width: viewport.width,
        height: viewport.height,
        lines: pageLines(number, pieces),
      });
      page.cleanup();
    }
    if (pages.every((page) => page.lines.length === 0)) {
      throw new ConversionError(
        'This PDF has no text layer (it is probably a scan), so its text cannot be read. Run text recognition (OCR) on it, or upload the original document.',
      );
    }
    report('Rebuilding the document structure');
    const lines = dropRunningLines(pages).flatMap((page) => readingOrder(page));
    return blocksToMarkdown(layoutBlocks(lines));
  } finally {
    await pdf.destroy();
  }
};
