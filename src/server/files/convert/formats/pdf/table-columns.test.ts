import { describe, expect, it } from 'vitest';
import { writePdf, type PdfText } from '../../testing/pdf-writer';
import { structureOf } from '../../testing/structure';
import { convertPdf } from './convert-pdf';

/**
 * Issue 33 item 13: a diffusion-imaging table whose 'FA' values reach within one font size of
 * the narrow 'n' column (a tight table, as LaTeX's 6 pt column padding sets it). Each value's
 * line then read as one cell across both columns, and the header's 'FA' and 'n' were merged.
 */
function diffusionTable(): PdfText[] {
  const rows = [
    ['Region', 'FA', 'n'],
    ['Hippocampus', '0.45 ± 0.03', '24'],
    ['Amygdala', '0.38 ± 0.05', '22'],
    ['Left thalamus', '0.41 ± 0.04', '23'],
  ];
  const texts: PdfText[] = [
    { x: 72, y: 720, size: 10, text: 'Diffusion measures per region are listed below.' },
  ];
  rows.forEach(([region = '', fa = '', n = ''], index) => {
    const y = 690 - index * 14;
    texts.push({ x: 72, y, size: 10, text: region });
    texts.push({ x: 200, y, size: 10, text: fa });
    texts.push({ x: 262, y, size: 10, text: n });
  });
  texts.push({ x: 72, y: 600, size: 10, text: 'Values are means with standard deviations.' });
  return texts;
}

describe('PDF table columns', () => {
  it('keeps a narrow column apart from a neighbour whose cells reach close to it', async () => {
    const markdown = await convertPdf({
      fileName: 'dti.pdf',
      bytes: writePdf([diffusionTable()]),
      workDir: '/nonexistent',
      report: () => undefined,
    });
    expect(structureOf(markdown).tableCells).toEqual([
      'Region',
      'FA',
      'n',
      'Hippocampus',
      '0.45 ± 0.03',
      '24',
      'Amygdala',
      '0.38 ± 0.05',
      '22',
      'Left thalamus',
      '0.41 ± 0.04',
      '23',
    ]);
  });
});
