import { type PdfText, writePdf } from './pdf-writer';

const WORDS =
  'sleep supports memory consolidation through repeated replay of recent experiences while slow oscillations coordinate hippocampal and cortical activity across the night'.split(
    ' ',
  );

/** Lines of about `width` characters of prose; the n-th sentence is deterministic. */
function prose(seed: number, lines: number, width: number): string[] {
  const result: string[] = [];
  let line = '';
  let index = seed;
  while (result.length < lines) {
    const word = WORDS[index % WORDS.length] ?? 'sleep';
    index += 1;
    if (line.length + word.length + 1 > width) {
      result.push(line);
      line = '';
    }
    line = line ? `${line} ${word}` : word;
  }
  result[result.length - 1] = `${result.at(-1) ?? ''}.`;
  return result;
}

/**
 * A journal-like page: running head and page number, a section heading, two columns of 10 pt
 * prose (a hyphenated word across the first column's lines), and a table under the columns.
 */
export function journalPage(page: number): PdfText[] {
  const texts: PdfText[] = [
    { x: 72, y: 760, size: 8, text: 'Journal of Sleep Research' },
    { x: 300, y: 30, size: 8, text: String(page) },
    { x: 72, y: 720, size: 16, text: `Section ${page}: Sleep and Memory` },
  ];
  const left = prose(page, 14, 42);
  left[2] = 'consolidation depends on hippo-';
  left[3] = 'campal replay during slow waves';
  const right = prose(page + 3, 14, 42);
  left.forEach((text, index) => texts.push({ x: 72, y: 690 - index * 12, size: 10, text }));
  right.forEach((text, index) => texts.push({ x: 320, y: 690 - index * 12, size: 10, text }));
  texts.push({ x: 72, y: 500, size: 12, text: 'Results' });
  const rows = [
    ['Group', 'Score', 'Participants'],
    ['Control', '3.5', '24'],
    ['Treatment', '4.25', '26'],
  ];
  rows.forEach((row, index) =>
    row.forEach((cell, column) =>
      texts.push({ x: 72 + column * 150, y: 470 - index * 14, size: 10, text: cell }),
    ),
  );
  return texts;
}

export function journalPdf(pages: number): Uint8Array {
  return writePdf(Array.from({ length: pages }, (_, index) => journalPage(index + 1)));
}

/**
 * A single-column text whose lines never end a sentence (a transcript, a log): one paragraph
 * running through every page, the shape that made the layout step quadratic.
 */
export function flowingPdf(pages: number): Uint8Array {
  return writePdf(
    Array.from({ length: pages }, (_, index) =>
      prose(index, 50, 80).map((text, row) => ({
        x: 72,
        y: 740 - row * 13,
        size: 10,
        text: text.replace(/\.$/, ''),
      })),
    ),
  );
}
