import { decodeText } from '../decode-text';
import { blocksToMarkdown } from '../document-builder';
import type { Converter } from '../progress';
import { sheetBlocks } from '../sheet-table';

const DELIMITERS = [',', ';', '\t', '|'];

/** The delimiter that splits the first lines into the most equal, widest rows. */
export function guessDelimiter(text: string): string {
  const lines = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 20);
  let best = ',';
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    const counts = lines.map((line) => parseCsv(line, delimiter)[0]?.length ?? 1);
    const first = counts[0] ?? 1;
    const consistent = counts.filter((count) => count === first).length;
    const score = first > 1 ? consistent * first : 0;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

/** RFC 4180 CSV: quoted fields may hold the delimiter, doubled quotes and newlines. */
export function parseCsv(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else quoted = false;
      } else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export const convertCsv: Converter = async ({ bytes, report }) => {
  const { text } = decodeText(bytes);
  const delimiter = guessDelimiter(text);
  const rows = parseCsv(text, delimiter);
  report(`Read ${rows.length} rows`);
  return blocksToMarkdown(sheetBlocks({ name: null, rows }));
};
